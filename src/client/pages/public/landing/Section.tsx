import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Overline } from "../../../components/Overline.tsx";
import { proseLinks } from "../../../components/prose.ts";

/** One band of the landing page with a consistent heading block. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  children,
  tinted = false,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={`${id}-title`}
      bg={tinted ? "bg.subtle" : undefined}
      borderYWidth={tinted ? "1px" : undefined}
      borderColor="border.muted"
    >
      <Container maxW="7xl" px={{ base: "5", md: "8" }} py={{ base: "16", md: "24" }}>
        <Stack gap="3" mb={{ base: "8", md: "12" }} maxW="2xl">
          <Overline tone="brand">{eyebrow}</Overline>
          <Heading
            id={`${id}-title`}
            as="h2"
            textStyle={{ base: "2xl", md: "4xl" }}
            fontWeight="800"
            letterSpacing="-0.02em"
          >
            {title}
          </Heading>
          {lead ? (
            <Text textStyle={{ base: "md", md: "lg" }} color="fg.muted" css={proseLinks}>
              {lead}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
