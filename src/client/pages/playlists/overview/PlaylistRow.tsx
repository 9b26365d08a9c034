import { Box, HStack, IconButton, Link, Stack, Text } from "@chakra-ui/react";
import { ChevronDown, ChevronRight, ExternalLink } from "lucide-react";
import { stripPostfix } from "../../../../shared/catalogue/naming.ts";
import { playlistPagePath } from "../../../../shared/explain.ts";
import { overviewTexts, type PlaylistPart, timeAgo } from "../../../../shared/playlist-overview.ts";
import { AppLink } from "../../../components/RouterLink.tsx";
import type { VirtualRowPlacement } from "../../../components/VirtualList.tsx";
import { RecreateButton } from "./RecreateButton.tsx";
import type { OverviewRow } from "./rows.ts";

export const ROW_PX = 60;

/** The name the playlist's page goes by: one Spotify playlist's name without the postfix, else the entry's. */
const pageName = (row: OverviewRow): string => {
  const only =
    row.kind === "part" ? row.part : row.playlist.parts.length === 1 ? row.playlist.parts[0] : null;
  return only ? stripPostfix(only.name) : row.name;
};

/** "Open in Spotify" for one Spotify playlist; named after it for screen readers. */
export function SpotifyLink({ part }: { part: PlaylistPart }) {
  if (!part.spotifyUrl || part.deletedInSpotify) return null;
  return (
    <Link
      href={part.spotifyUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${overviewTexts.openInSpotify}: ${part.name}`}
      color="brand.fg"
      fontWeight="semibold"
      textStyle="sm"
      whiteSpace="nowrap"
      flexShrink="0"
      data-testid="open-in-spotify"
    >
      {/* On a phone the icon alone keeps the counts readable; the link keeps its full name. */}
      <Box as="span" display={{ base: "none", sm: "inline" }}>
        {overviewTexts.openInSpotify}
      </Box>
      <ExternalLink size={18} aria-hidden />
    </Link>
  );
}

function metaLine(row: OverviewRow, now: number): string {
  const { songCount, lastUpdatedAt, deleted } = row;
  if (deleted) return overviewTexts.deletedInSpotify;
  if (row.kind === "playlist" && row.playlist.state === "waiting") return overviewTexts.waiting;
  const parts = [overviewTexts.songs(songCount)];
  if (row.kind === "playlist" && row.playlist.parts.length > 1)
    parts.push(overviewTexts.parts(row.playlist.parts.length));
  if (lastUpdatedAt) parts.push(overviewTexts.updated(timeAgo(lastUpdatedAt, now)));
  if (row.kind === "playlist" && row.playlist.state === "frozen") parts.push(overviewTexts.frozen);
  return parts.join(" · ");
}

/** One row: a chosen playlist (with its link when it is one Spotify playlist) or one of its parts. */
export function PlaylistRow({
  row,
  now,
  expanded,
  onToggle,
  placement,
}: {
  row: OverviewRow;
  now: number;
  expanded: boolean;
  onToggle: (key: string) => void;
  placement?: VirtualRowPlacement;
}) {
  const isPart = row.kind === "part";
  const many = row.kind === "playlist" && row.playlist.parts.length > 1;
  const link =
    row.kind === "part" ? row.part : row.playlist.parts.length === 1 ? row.playlist.parts[0] : null;
  return (
    <HStack
      role="listitem"
      {...placement}
      h={`${ROW_PX}px`}
      gap="3"
      ps={isPart ? "10" : "2"}
      pe="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
      data-testid={isPart ? "playlist-part" : "chosen-playlist"}
      data-name={row.name}
    >
      {many ? (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={`${expanded ? "Hide" : "Show"} the playlists of ${row.name}`}
          aria-expanded={expanded}
          onClick={() => onToggle(row.key)}
        >
          {expanded ? <ChevronDown /> : <ChevronRight />}
        </IconButton>
      ) : isPart ? null : (
        <Box w="6" flexShrink="0" display={{ base: "none", sm: "block" }} />
      )}
      <Stack gap="0" minW="0" flex="1">
        <Text textStyle="sm" fontWeight={isPart ? "medium" : "semibold"} truncate>
          {/* the playlist's own page: why each song is there */}
          <AppLink href={playlistPagePath(pageName(row))} data-testid="playlist-page-link">
            {row.name}
          </AppLink>
        </Text>
        <Text
          textStyle="xs"
          color={row.deleted ? "fg.error" : "fg.muted"}
          truncate
          data-testid="playlist-meta"
          data-song-count={row.songCount}
        >
          {metaLine(row, now)}
        </Text>
      </Stack>
      {link?.deletedInSpotify ? (
        <RecreateButton name={pageName(row)} />
      ) : link ? (
        <SpotifyLink part={link} />
      ) : null}
    </HStack>
  );
}
