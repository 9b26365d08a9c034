import { Button, Card, Link, List, Stack, Text } from "@chakra-ui/react";
import { ExternalLink, Trash2 } from "lucide-react";
import { useState } from "react";
import { ErrorCode, messages } from "../../../shared/errors.ts";
import { isPremiumMember } from "../../../shared/membership.ts";
import { errorCodeOf } from "../../api/errors.ts";
import { trpc } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { ErrorText } from "../../components/ErrorText.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { useSession } from "../../hooks/useSession.ts";
import { site } from "../../lib/site.ts";
import { forgetSessionKeysOfDeletedAccount } from "./storage.ts";

/** 'Delete my account': what it does, where to revoke access at Spotify, the confirm dialog, then away. */
export function DeleteAccountSection() {
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const deletion = trpc.account.deleteData.useMutation({
    onSuccess: () => {
      forgetSessionKeysOfDeletedAccount();
      // The server ended every session; a full load starts the app signed out.
      window.location.assign("/settings/data-deleted");
    },
    onError: () => setConfirming(false),
  });
  const failure = deletion.isError
    ? errorCodeOf(deletion.error) === ErrorCode.Unauthorized
      ? messages.deletionNotLoggedIn
      : messages.deletionUnknown
    : null;

  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl" borderColor="border.error">
      <Card.Body gap="5" p={{ base: "5", md: "8" }}>
        <Text as="h2" textStyle="xl" fontWeight="bold">
          Delete my account
        </Text>
        <Text color="fg.muted">
          Deleting your account removes everything Crate stores about you at once: your liked songs and when
          you liked them, your playlist choices and combinations, the history of what was added to your
          playlists, your settings and your feedback. Crate stops updating your playlists and signs you out.
        </Text>
        <List.Root gap="2" color="fg.muted" ps="5">
          <List.Item>
            The playlists already in your Spotify library stay there; delete them in Spotify if you no longer
            want them.
          </List.Item>
          <List.Item>
            Crate no longer uses your Spotify access. To revoke it at Spotify too, open{" "}
            <Link href={site.spotifyAppsUrl} target="_blank" rel="noopener noreferrer" color="brand.fg">
              your Spotify apps <ExternalLink size={14} aria-hidden />
            </Link>{" "}
            and remove Crate.
          </List.Item>
          <List.Item>
            You can sign in again later; that creates a fresh, empty account. Right after signing in again,
            playlists cannot be created for two minutes.
          </List.Item>
        </List.Root>
        {isPremiumMember(session.membershipLevel) ? (
          <Text
            data-testid="premium-deletion-disclaimer"
            bg="bg.warning"
            color="fg.warning"
            borderRadius="lg"
            px="4"
            py="3"
          >
            Your subscription information is kept for up to 14 months after your last payment, as the law
            requires. Deleting your account does not cancel your subscription: billing continues unless you
            cancel it in <AppLink href="/plans">Plans</AppLink> first.
          </Text>
        ) : null}
        {failure ? <ErrorText text={failure} /> : null}
        <Stack direction="row">
          <Button
            colorPalette="red"
            variant="solid"
            onClick={() => setConfirming(true)}
            data-testid="delete-account"
          >
            <Trash2 aria-hidden />
            Delete my account
          </Button>
        </Stack>
        <ConfirmDialog
          open={confirming}
          title="Delete my account"
          message={messages.deleteConfirm}
          confirmLabel="Delete everything"
          destructive
          pending={deletion.isPending}
          onConfirm={() => {
            if (!deletion.isPending) deletion.mutate();
          }}
          onCancel={() => setConfirming(false)}
        />
      </Card.Body>
    </Card.Root>
  );
}
