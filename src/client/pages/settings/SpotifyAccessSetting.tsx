import { Card, Skeleton, Stack, Text } from "@chakra-ui/react";
import { spotifyAccessTexts } from "../../../shared/spotify-access.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { SignInButton } from "../../components/SignInButton.tsx";
import { rememberReturnPath } from "../../lib/return-after-sign-in.ts";

/** Until when Crate can update the listener's playlists (six months from their last sign-in), or since when not. */
export function SpotifyAccessSetting() {
  const query = trpc.user.spotifyAccess.useQuery(undefined, { staleTime: 60_000 });
  const data = query.data;
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl">
      <Card.Body gap="3" p={{ base: "5", md: "8" }}>
        <Text as="h2" textStyle="xl" fontWeight="bold">
          Spotify access
        </Text>
        {query.isError ? <ErrorText error={query.error} /> : null}
        <Skeleton loading={!data} borderRadius="lg">
          <Stack gap="3" align="start">
            <Text data-testid="spotify-access-text" color="fg.muted">
              {data?.state === "ended"
                ? spotifyAccessTexts.ended(data.endedAt ?? data.endsAt)
                : data
                  ? spotifyAccessTexts.activeUntil(data.endsAt)
                  : ""}
            </Text>
            {data && data.state !== "active" ? (
              <SignInButton size="sm" onClickCapture={rememberReturnPath}>
                {spotifyAccessTexts.signInAgain}
              </SignInButton>
            ) : null}
          </Stack>
        </Skeleton>
      </Card.Body>
    </Card.Root>
  );
}
