import { Circle, Stack, Text } from "@chakra-ui/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Layout } from "./Layout.tsx";

/** A page that confirms one thing, centred: its icon in a circle, the heading, then what to read or do next. */
export function ConfirmationPage({
  icon: Icon,
  title,
  testId,
  children,
}: {
  icon: LucideIcon;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Layout width="narrow" flex="1" display="flex" alignItems="center">
      <Stack gap="6" align="center" textAlign="center" w="full" data-testid={testId}>
        <Circle size="16" bg="brand.subtle" color="brand.fg">
          <Icon size={28} aria-hidden />
        </Circle>
        <Text as="h1" textStyle={{ base: "2xl", md: "3xl" }} fontWeight="bold">
          {title}
        </Text>
        {children}
      </Stack>
    </Layout>
  );
}
