import { Circle, Stack, Text } from "@chakra-ui/react";
import { Hourglass } from "lucide-react";
import { messages } from "../../../shared/errors.ts";
import { Layout } from "../../components/Layout.tsx";
import { AppLink } from "../../components/RouterLink.tsx";

export function NoCapacityPage() {
  return (
    <Layout width="narrow" flex="1" display="flex" alignItems="center">
      <Stack gap="6" align="center" textAlign="center" w="full" data-testid="no-capacity">
        <Circle size="16" bg="brand.subtle" color="brand.fg">
          <Hourglass size={28} aria-hidden />
        </Circle>
        <Text as="h1" textStyle={{ base: "xl", md: "2xl" }} fontWeight="semibold" maxW="lg">
          {messages.noCapacity}
        </Text>
        <Text color="fg.muted" maxW="md">
          Please come back later — tomorrow there is room for new listeners again. Nothing was saved about
          you.
        </Text>
        <AppLink href="/faq" color="brand.fg">
          Read the FAQ in the meantime
        </AppLink>
      </Stack>
    </Layout>
  );
}
