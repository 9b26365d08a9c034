import { HStack, Text } from "@chakra-ui/react";
import { CreditCard } from "lucide-react";
import { ConfirmationPage } from "../../components/ConfirmationPage.tsx";
import { LinkButton } from "../../components/RouterLink.tsx";

/** `/plans/payment-details-updated/success`: confirms the update, with links to /playlists and /plans. */
export function PaymentDetailsUpdatedPage() {
  return (
    <ConfirmationPage
      icon={CreditCard}
      title="Your payment details are updated"
      testId="payment-details-updated"
    >
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
    </ConfirmationPage>
  );
}
