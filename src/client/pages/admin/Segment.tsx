import { Card, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** One of the dashboard's four segments. */
export function Segment({
  title,
  subtitle,
  testId,
  children,
}: {
  title: string;
  subtitle?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" variant="outline" bg="bg.panel" borderRadius="2xl" data-testid={testId}>
      <Card.Body p={{ base: "5", md: "7" }} gap="5">
        <Stack gap="1">
          <Heading as="h2" textStyle="xl" fontWeight="bold">
            {title}
          </Heading>
          {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
