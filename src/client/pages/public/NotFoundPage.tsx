import { Box, Stack, Text } from "@chakra-ui/react";
import { ArrowRight } from "lucide-react";
import { messages } from "../../../shared/errors.ts";
import { gradientText } from "../../components/gradient-text.ts";
import { Layout } from "../../components/Layout.tsx";
import { LinkButton } from "../../components/RouterLink.tsx";

export function NotFoundPage() {
  return (
    <Layout width="narrow" flex="1" display="flex" alignItems="center">
      <Stack gap="6" align="center" textAlign="center" w="full" data-testid="not-found">
        <Box
          fontSize={{ base: "7xl", md: "8xl" }}
          fontWeight="800"
          lineHeight="1"
          letterSpacing="-0.04em"
          {...gradientText}
          aria-hidden
        >
          404
        </Box>
        <Text as="h1" textStyle={{ base: "xl", md: "2xl" }} fontWeight="semibold" maxW="lg">
          {messages.notFound}
        </Text>
        <LinkButton href="/playlists" colorPalette="brand" size="lg" borderRadius="full">
          Go to playlists
          <ArrowRight aria-hidden />
        </LinkButton>
      </Stack>
    </Layout>
  );
}
