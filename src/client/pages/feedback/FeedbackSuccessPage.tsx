import { Link, Text } from "@chakra-ui/react";
import { Heart } from "lucide-react";
import { ConfirmationPage } from "../../components/ConfirmationPage.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { site } from "../../lib/site.ts";

/** `/feedback/success`: thanks, a way to get in touch, and the way back. */
export function FeedbackSuccessPage() {
  return (
    <ConfirmationPage icon={Heart} title="Thank you for your feedback!" testId="feedback-success">
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
    </ConfirmationPage>
  );
}
