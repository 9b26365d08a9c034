import { Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Overline } from "./Overline.tsx";

export interface PageHeadingProps {
  title: ReactNode;
  /** a short line above the title */
  eyebrow?: ReactNode;
  subtitle?: ReactNode;
  align?: "start" | "center";
}

/** The page's one h1 with an optional eyebrow and lead text. */
export function PageHeading({ title, eyebrow, subtitle, align = "start" }: PageHeadingProps) {
  return (
    <Stack
      gap="3"
      mb={{ base: "8", md: "10" }}
      textAlign={align}
      align={align === "center" ? "center" : "stretch"}
    >
      {eyebrow ? <Overline tone="brand">{eyebrow}</Overline> : null}
      <Heading as="h1" textStyle={{ base: "3xl", md: "4xl" }} fontWeight="800" letterSpacing="-0.02em">
        {title}
      </Heading>
      {subtitle ? (
        <Text
          textStyle={{ base: "md", md: "lg" }}
          color="fg.muted"
          maxW="2xl"
          mx={align === "center" ? "auto" : undefined}
        >
          {subtitle}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Alias used by other areas. */
export const PageTitle = PageHeading;
