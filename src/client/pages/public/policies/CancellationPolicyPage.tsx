import { Link } from "@chakra-ui/react";
import { messages } from "../../../../shared/errors.ts";
import { limits } from "../../../../shared/limits.ts";
import { AppLink } from "../../../components/RouterLink.tsx";
import { site } from "../../../lib/site.ts";
import { LegalDocument, type LegalSection } from "./LegalDocument.tsx";
import { PoliciesLayout } from "./PoliciesLayout.tsx";
import { policyPage } from "./policyPages.ts";

const sections: LegalSection[] = [
  {
    heading: "How to cancel",
    paragraphs: [
      <>
        Open <AppLink href="/plans">Plans</AppLink>, choose Cancel subscription and confirm. The Plans page
        then says “{messages.subscriptionBeingCancelled}”.
      </>,
    ],
  },
  {
    heading: "When to cancel",
    paragraphs: [
      `Cancel at least ${limits.cancelNoticeHours} hours before your next billing date to stop the next yearly charge. A cancellation made later may not stop that charge; in that case the refund policy applies.`,
    ],
  },
  {
    heading: "What happens after cancelling",
    paragraphs: [
      "You keep Premium until the end of the period you have paid for. Until then you can change your mind with Re-activate subscription on the Plans page, and billing continues as before.",
      `When Premium ends, your membership returns to Free. Premium playlists stay in your Spotify library but are no longer updated, and you can delete them. Your other playlists keep being updated with the first ${limits.freeConsideredSongs} liked songs, up to ${limits.freePlaylists} playlists.`,
    ],
  },
  {
    heading: "Failed renewals",
    paragraphs: [
      "If a yearly renewal cannot be charged, the subscription is cancelled and your membership returns to Free.",
    ],
  },
  {
    heading: "Deleting your data",
    paragraphs: [
      "Deleting your data under Settings does not cancel a subscription. Cancel it under Plans first, or write to us.",
    ],
  },
  {
    heading: "Questions",
    paragraphs: [
      <>
        Write to <Link href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Link>.
      </>,
    ],
  },
];

export function CancellationPolicyPage() {
  const page = policyPage("cancellation-policy");
  return (
    <PoliciesLayout>
      <LegalDocument title="Cancellation policy" lastModified={page?.lastModified} sections={sections} />
    </PoliciesLayout>
  );
}
