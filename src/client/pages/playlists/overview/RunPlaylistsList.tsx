import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { ListMusic } from "lucide-react";
import { overviewTexts } from "../../../../shared/playlist-overview.ts";
import { trpc } from "../../../api/trpc.ts";
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
      <Box
        as="ul"
        listStyleType="none"
        display="grid"
        gridTemplateColumns={{ base: "1fr", sm: "1fr 1fr" }}
        gap="2"
        data-testid="run-playlists"
      >
        {playlists.map((part) => (
          <HStack
            as="li"
            key={part.name}
            gap="3"
            px="3.5"
            py="2.5"
            borderRadius="lg"
            bg="bg.subtle"
            borderWidth="1px"
            borderColor="border.muted"
            data-testid="run-playlist"
            data-name={part.name}
          >
            <Box color="brand.fg" flexShrink="0">
              <ListMusic size={16} aria-hidden />
            </Box>
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
          </HStack>
        ))}
      </Box>
    </Stack>
  );
}
