import { Link, List } from "@chakra-ui/react";
import { limits } from "../../../../shared/limits.ts";
import { AppLink } from "../../../components/RouterLink.tsx";
import { site } from "../../../lib/site.ts";
import { LegalDocument, type LegalSection } from "./LegalDocument.tsx";
import { PoliciesLayout } from "./PoliciesLayout.tsx";
import { operator, policyPage } from "./policyPages.ts";

const { retention } = limits;

const storedData = [
  "your Spotify user id, which identifies your Crate account;",
  "the access tokens Spotify gives Crate to read your liked songs and manage your playlists, stored encrypted;",
  "your liked songs with the time you liked each one, and the history of which songs Crate added to which playlist;",
  "the playlists Crate created for you, with the dates they were created, and the playlists and settings you chose;",
  "feedback you send us;",
  "your membership details and the records of your payment transactions.",
];

const sections: LegalSection[] = [
  {
    heading: "Who is responsible",
    paragraphs: [
      <>
        {operator.name}, {operator.description}, is the data controller for the personal data processed by
        Crate. Questions about privacy go to{" "}
        <Link href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Link>.
      </>,
    ],
  },
  {
    heading: "What we store",
    paragraphs: [
      "When you sign in with Spotify and use Crate, we store:",
      <List.Root as="ul" ps="5" gap="1.5" key="stored">
        {storedData.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List.Root>,
      "Facts about songs and artists, such as genres, release years and audio features, are shared by all users and are not personal data. We never receive your Spotify password or your card details.",
    ],
  },
  {
    heading: "Why we store it",
    paragraphs: [
      "We use your data to provide the service you signed up for: reading your liked songs, creating and updating your playlists and managing your plan (the contract with you, GDPR article 6(1)(b)). We keep membership and payment records to manage your subscription and to answer questions about payments, which Paddle as merchant of record invoices (article 6(1)(b) and (f)). We read feedback to improve Crate (our legitimate interest, article 6(1)(f)).",
      "We do not sell your data, show advertising or build profiles for anyone else.",
    ],
  },
  {
    heading: "Who else receives data",
    paragraphs: [
      "Spotify receives the requests Crate makes on your behalf to read your liked songs and to create and update playlists; Spotify's own privacy policy applies to what it does.",
      "To find moods, tempos, genres and nationalities that Spotify no longer gives apps like Crate, Crate asks open music databases about songs and artists: ReccoBeats receives Spotify track ids; MusicBrainz receives Spotify artist ids (as Spotify artist links), MusicBrainz artist ids and songs' ISRC codes; Deezer receives songs' ISRC codes. These questions are asked for all users together and never say who you are or whose library a song is in. The operator of a Crate installation can turn each source off with the METADATA_SOURCES setting.",
      "Paddle.com, our reseller and merchant of record, processes your payment and your billing details. We receive the transaction records and the ids Paddle uses for you and your subscription, not your card details.",
      "Our hosting provider stores the data on our behalf under a data processing agreement.",
    ],
  },
  {
    heading: "How long we keep it",
    paragraphs: [
      `When you delete your data under Settings, it is removed from Crate at once, and in any case within ${retention.deletedUserDataDays} days; copies in backups are gone within ${retention.backupsDays} days.`,
      `Membership details and payment records are kept for at most ${retention.membershipAfterEndDays} days after your subscription ends, also when you delete your other data. Deleting your data does not cancel a subscription.`,
    ],
  },
  {
    heading: "Your rights",
    paragraphs: [
      <>
        You can see all the personal data Crate holds about you under{" "}
        <AppLink href="/settings/my-data">Settings → My data</AppLink> and delete it with Delete my account.
        You also have the right to correct your data, to object to its processing and to receive it in a
        portable format; write to us to use these rights.
      </>,
      <>
        You can withdraw Crate's access to your Spotify account at any time in your{" "}
        <Link href={site.spotifyAppsUrl} target="_blank" rel="noopener noreferrer">
          Spotify account settings
        </Link>
        . If you think we handle your data wrongly, you can complain to the Danish Data Protection Agency
        (Datatilsynet).
      </>,
    ],
  },
  {
    heading: "Cookies and browser storage",
    paragraphs: [
      "Crate sets one cookie, which keeps you signed in; it is strictly necessary and holds no tracking data. While you use the site, your browser's session storage remembers the page you came from and the progress of running updates, and local storage remembers whether you asked not to be asked again before deleting a playlist. Crate uses no advertising or analytics cookies.",
    ],
  },
  {
    heading: "Changes",
    paragraphs: ["When this policy changes, the date at the top changes with it."],
  },
];

export function PrivacyPolicyPage() {
  const page = policyPage("privacy-policy");
  return (
    <PoliciesLayout>
      <LegalDocument title="Privacy policy" lastModified={page?.lastModified} sections={sections} />
    </PoliciesLayout>
  );
}
