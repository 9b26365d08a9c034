import { Link } from "@chakra-ui/react";
import { limits } from "../../../../shared/limits.ts";
import { AppLink } from "../../../components/RouterLink.tsx";
import { site } from "../../../lib/site.ts";
import { LegalDocument, type LegalSection } from "./LegalDocument.tsx";
import { PoliciesLayout } from "./PoliciesLayout.tsx";
import { policyPage } from "./policyPages.ts";

const sections: LegalSection[] = [
  {
    heading: "Who refunds",
    paragraphs: [
      "Premium is sold by Paddle.com, our reseller and merchant of record. Refunds are paid by Paddle to the payment method you used, usually within 5 to 10 business days after they are approved.",
    ],
  },
  {
    heading: "Within 14 days",
    paragraphs: [
      "If you are not happy with Premium, ask for a refund within 14 days of the first payment or of a yearly renewal, and you get that payment back in full. This matches the right of withdrawal for consumers in the EU.",
    ],
  },
  {
    heading: "After 14 days",
    paragraphs: [
      <>
        After 14 days a payment is not refunded, also not in part for the rest of the year. You can always
        cancel so that the subscription is not renewed; see the{" "}
        <AppLink href="/policies/cancellation-policy">cancellation policy</AppLink>. Where the law gives you a
        further right to a refund, for example when the service did not work as described, that right applies.
      </>,
    ],
  },
  {
    heading: "What a refund changes",
    paragraphs: [
      `When a payment is refunded, the subscription ends and your membership returns to Free. Premium playlists stay in your Spotify library but are no longer updated; your other playlists keep being updated with the first ${limits.freeConsideredSongs} liked songs.`,
    ],
  },
  {
    heading: "How to ask",
    paragraphs: [
      <>
        Write to <Link href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Link> from any address and
        tell us your Spotify user id or the e-mail address on your receipt. You can also reply to the receipt
        Paddle sent you.
      </>,
    ],
  },
];

export function RefundPolicyPage() {
  const page = policyPage("refund-policy");
  return (
    <PoliciesLayout>
      <LegalDocument title="Refund policy" lastModified={page?.lastModified} sections={sections} />
    </PoliciesLayout>
  );
}
