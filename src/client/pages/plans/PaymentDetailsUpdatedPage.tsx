import { Circle, HStack, Stack, Text } from "@chakra-ui/react";
import { CreditCard } from "lucide-react";
import { Layout } from "../../components/Layout.tsx";
import { LinkButton } from "../../components/RouterLink.tsx";

/** `/plans/payment-details-updated/success`: confirms the update, with links to /playlists and /plans. */
export function PaymentDetailsUpdatedPage() {
  return (
    <Layout width="narrow" flex="1" display="flex" alignItems="center">
      <Stack gap="6" align="center" textAlign="center" w="full" data-testid="payment-details-updated">
        <Circle size="16" bg="brand.subtle" color="brand.fg">
          <CreditCard size={28} aria-hidden />
        </Circle>
        <Text as="h1" textStyle={{ base: "2xl", md: "3xl" }} fontWeight="bold">
          Your payment details are updated
        </Text>
        <Text color="fg.muted" maxW="md">
          Your next renewal will be charged with the new payment details.
        </Text>
        <HStack gap="4" wrap="wrap" justify="center">
          <LinkButton href="/playlists" colorPalette="brand">
            Go to your playlists
          </LinkButton>
          <LinkButton href="/plans" variant="outline">
            Back to plans
          </LinkButton>
        </HStack>
      </Stack>
    </Layout>
  );
}
