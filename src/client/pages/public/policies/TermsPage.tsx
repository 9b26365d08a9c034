import { Link } from "@chakra-ui/react";
import { limits } from "../../../../shared/limits.ts";
import { AppLink } from "../../../components/RouterLink.tsx";
import { site } from "../../../lib/site.ts";
import { LegalDocument, type LegalSection } from "./LegalDocument.tsx";
import { PoliciesLayout } from "./PoliciesLayout.tsx";
import { operator, policyPage } from "./policyPages.ts";

const capacity = limits.playlistCapacity.toLocaleString("en-US");

const sections: LegalSection[] = [
  {
    heading: "Who we are",
    paragraphs: [
      `Crate is operated by ${operator.name}, ${operator.description} ("Crate", "we", "us"). These terms are the agreement between you and us about your use of Crate. By signing in you accept them.`,
      <>
        You can reach us at <Link href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Link>.
      </>,
    ],
  },
  {
    heading: "The service",
    paragraphs: [
      "Crate creates playlists in your Spotify library from the songs you have liked on Spotify and keeps them up to date. It checks your liked songs about every hour and adds new songs to the playlists they belong in.",
      "Crate is not affiliated with, endorsed or sponsored by Spotify. Crate depends on Spotify's services and programming interface; when they are unavailable or change, parts of Crate may not work, and we cannot promise that every feature will always be available.",
    ],
  },
  {
    heading: "Private, non-professional use only",
    paragraphs: [
      "Crate is for private, non-professional use only. You may not use Crate for a business, to provide playlists to others for payment, to resell access, or to access the service with automated tools other than the Crate website.",
    ],
  },
  {
    heading: "Your account",
    paragraphs: [
      "You sign in with your Spotify account. A new Crate account is created only if none exists yet for that Spotify account; signing in again uses the existing one. There is one Crate account per Spotify account.",
      "Crate lets a certain number of new users join every day. When that number is reached, new sign-ups are refused until the next day.",
      <>
        You can delete your data at any time under <AppLink href="/settings">Settings</AppLink> and withdraw
        Crate's access to your Spotify account in your{" "}
        <Link href={site.spotifyAppsUrl} target="_blank" rel="noopener noreferrer">
          Spotify account settings
        </Link>
        . Deleting your data does not cancel a Premium subscription.
      </>,
    ],
  },
  {
    heading: "Plans and payment",
    paragraphs: [
      `The Free plan costs nothing. It keeps up to ${limits.freePlaylists} playlists up to date and considers the first ${limits.freeConsideredSongs} songs of your liked songs. It does not include the Premium playlist kinds.`,
      `Premium is a yearly subscription, billed annually and renewed automatically. It allows up to ${limits.premiumPlaylists} playlists, considers all of your liked songs and includes every playlist kind and combination playlists. The price is shown on the Plans page before you buy.`,
      "Premium is sold through Paddle.com, our reseller, who acts as merchant of record: Paddle takes the payment, issues the invoice and handles taxes, and its buyer terms apply to the purchase.",
      "If the price of Premium changes, existing subscribers are told at least 30 days before the new price applies to them, and can cancel before it does.",
      <>
        Cancelling and refunds are described in the{" "}
        <AppLink href="/policies/cancellation-policy">cancellation policy</AppLink> and the{" "}
        <AppLink href="/policies/refund-policy">refund policy</AppLink>.
      </>,
    ],
  },
  {
    heading: "Your playlists",
    paragraphs: [
      "The playlists Crate creates are yours and live in your Spotify library. You may rename them, move them into folders or delete them in Spotify.",
      "A song you remove from a managed playlist is not added to it again. A song you unlike stays in the playlists it was added to.",
      `A playlist holds at most ${capacity} songs; after that Crate continues in a numbered extra playlist (Everything, Everything 2, and so on).`,
      `When Premium ends, Premium playlists stay in your library but are no longer updated. Your other playlists are updated with the first ${limits.freeConsideredSongs} liked songs.`,
      "Spotify fails to serve libraries of about 20000 liked songs or more; Crate cannot work for such libraries.",
    ],
  },
  {
    heading: "Fair use",
    paragraphs: [
      "Do not try to overload, probe or work around the limits of Crate or of Spotify, and do not use Crate in a way that breaks Spotify's terms. We may suspend an account that does so.",
    ],
  },
  {
    heading: "Liability",
    paragraphs: [
      "Crate is provided as it is. We are not liable for indirect losses, or for playlists or songs that are lost or changed because of Spotify or because of actions you take in Spotify. Nothing in these terms limits your rights under mandatory consumer law.",
    ],
  },
  {
    heading: "Changes and governing law",
    paragraphs: [
      "We may change these terms. The date at the top shows when they were last changed; for important changes we tell signed-in users in advance.",
      "These terms are governed by Danish law. If you are a consumer, you also keep the protection of the mandatory rules of the country you live in.",
    ],
  },
];

export function TermsPage() {
  const page = policyPage("terms");
  return (
    <PoliciesLayout>
      <LegalDocument title="Terms of service" lastModified={page?.lastModified} sections={sections} />
    </PoliciesLayout>
  );
}
