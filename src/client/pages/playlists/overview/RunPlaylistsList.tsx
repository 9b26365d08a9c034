import { Stack, Text } from "@chakra-ui/react";
import { ListMusic } from "lucide-react";
import { overviewTexts } from "../../../../shared/playlist-overview.ts";
import { trpc } from "../../../api/trpc.ts";
import { PlaylistTile, PlaylistTiles } from "../../../components/DistributionOutcome.tsx";
import { SpotifyLink } from "./PlaylistRow.tsx";

/**
 * The "Playlists updated" page once a run finished: each playlist it created or changed, with its songs
 * now and its link into Spotify; the ones it created are marked new.
 */
export function RunPlaylistsList({ progressId }: { progressId: string }) {
  const query = trpc.playlists.ofRun.useQuery({ id: progressId }, { staleTime: 0 });
  const playlists = query.data?.playlists ?? [];
  if (playlists.length === 0) return null;
  return (
    <Stack gap="3">
      <Text as="h2" textStyle="xl" fontWeight="bold">
        {overviewTexts.runHeading(playlists.length)}
      </Text>
      <PlaylistTiles testId="run-playlists" gridTemplateColumns={{ base: "1fr", sm: "1fr 1fr" }}>
        {playlists.map((part) => (
          <PlaylistTile key={part.name} icon={ListMusic} data-testid="run-playlist" data-name={part.name}>
            <Stack gap="0" minW="0" flex="1">
              <Text textStyle="sm" fontWeight="medium" truncate>
                {part.name}
              </Text>
              <Text textStyle="xs" color="fg.muted" data-song-count={part.songCount}>
                {overviewTexts.songs(part.songCount)}
                {part.created ? ` · ${overviewTexts.newPlaylist}` : ""}
              </Text>
            </Stack>
            <SpotifyLink part={part} />
          </PlaylistTile>
        ))}
      </PlaylistTiles>
    </Stack>
  );
}
