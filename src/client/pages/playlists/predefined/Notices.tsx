import { Alert, Skeleton, Stack } from "@chakra-ui/react";
import { activityPageTexts } from "../../../../shared/activity.ts";
import { type PlaylistFailure, playlistFailureTexts } from "../../../../shared/playlist-failures.ts";

/** Groups whose playlists need Spotify's audio features. */
export const featureGroups = new Set(["Mood", "Tempo"]);

export function FeaturesUnavailable() {
  return (
    <Alert.Root status="warning" borderRadius="lg" data-testid="features-unavailable">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Not available right now</Alert.Title>
        <Alert.Description>
          Spotify does not currently give Crate the audio features these playlists are made from, so they stay
          empty for now. You can still choose them; songs are added once the features are available again.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export function VanishedNotice({ names }: { names: string[] }) {
  return (
    <Alert.Root status="info" borderRadius="xl" data-testid="vanished-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Deleted in Spotify: {names.join(", ")}</Alert.Title>
        <Alert.Description>{activityPageTexts.recreateHint}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Playlists Spotify refused to change for good (full, not writable), each with what to do. */
export function FailedNotice({
  playlists,
}: {
  playlists: { playlistName: string; failure: PlaylistFailure }[];
}) {
  return (
    <Alert.Root status="warning" borderRadius="xl" data-testid="failed-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Crate stopped changing: {playlists.map((p) => p.playlistName).join(", ")}</Alert.Title>
        {playlists.map((p) => (
          <Alert.Description key={p.playlistName}>
            {p.playlistName}: {playlistFailureTexts[p.failure]}
          </Alert.Description>
        ))}
      </Alert.Content>
    </Alert.Root>
  );
}

export function NoPreferences() {
  return (
    <Alert.Root status="warning" borderRadius="xl" data-testid="preferences-empty">
      <Alert.Indicator />
      <Alert.Title>The playlists could not be loaded. Reload the page to try again.</Alert.Title>
    </Alert.Root>
  );
}

export function LoadingGroups() {
  return (
    <Stack gap="3" data-testid="preferences-loading">
      {["a", "b", "c", "d", "e", "f"].map((key) => (
        <Skeleton key={key} h="20" borderRadius="2xl" />
      ))}
    </Stack>
  );
}
