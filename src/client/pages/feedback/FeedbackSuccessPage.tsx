import { Circle, Link, Stack, Text } from "@chakra-ui/react";
import { Heart } from "lucide-react";
import { Layout } from "../../components/Layout.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { site } from "../../lib/site.ts";

/** `/feedback/success`: thanks, a way to get in touch, and the way back. */
export function FeedbackSuccessPage() {
  return (
    <Layout width="narrow" flex="1" display="flex" alignItems="center">
      <Stack gap="6" align="center" textAlign="center" w="full" data-testid="feedback-success">
        <Circle size="16" bg="brand.subtle" color="brand.fg">
          <Heart size={28} aria-hidden />
        </Circle>
        <Text as="h1" textStyle={{ base: "2xl", md: "3xl" }} fontWeight="bold">
          Thank you for your feedback!
        </Text>
        <Text color="fg.muted" maxW="md">
          If you would like an answer, write to us at{" "}
          <Link href={`mailto:${site.supportEmail}`} color="brand.fg">
            {site.supportEmail}
          </Link>
          .
        </Text>
        <AppLink href="/feedback" color="brand.fg" fontWeight="semibold">
          Give more feedback
        </AppLink>
      </Stack>
    </Layout>
  );
}
