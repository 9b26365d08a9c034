import { Badge, Box, Checkbox, HStack, IconButton, Text } from "@chakra-ui/react";
import { Crown, Trash2 } from "lucide-react";
import { type MouseEvent, memo } from "react";
import { entryByName } from "../../../../shared/catalogue/index.ts";
import { limits } from "../../../../shared/limits.ts";
import { playlistFailureBadge } from "../../../../shared/playlist-failures.ts";
import type { SimplePlaylistPreference } from "./preferences.ts";

export interface EntryOptionProps {
  entry: SimplePlaylistPreference;
  checked: boolean;
  /** the cap is reached and this entry is not selected: it cannot be chosen */
  blocked: boolean;
  /** songs in this playlist per the analysis; null while unknown */
  songs: number | null;
  /** an entry that makes several Spotify playlists: how many it would make now (said before it is ticked) */
  playlists?: number | null;
  onToggle: (entry: SimplePlaylistPreference) => void;
  /** offered for playlists of the saved selection and for those deleted in Spotify */
  onDelete?: (entry: SimplePlaylistPreference) => void;
  /** a fixed height (rows of the virtualised subgenre list) */
  height?: string;
}

const CHECKED_ROW = { "&[data-checked=true]": { borderColor: "brand.border/70", bg: "brand.subtle/60" } };
const CHECKED_ROW_WITH_HOVER = {
  ...CHECKED_ROW,
  "&:hover": { borderColor: "border.emphasized" },
  "&[data-checked=true]:hover": { borderColor: "brand.border" },
};
const CHECKED_NAME = { "[data-checked=true] &": { fontWeight: "semibold" } };

const songsText = (songs: number) => (songs === 1 ? "1 song" : `${songs} songs`);

/** A tap on the row's edge (its padding, border, the crown) is a tap on its checkbox: a finger is wide. */
function tapOnRow(event: MouseEvent<HTMLDivElement>) {
  if (event.target instanceof Element && event.target.closest("label, button")) return;
  event.currentTarget.querySelector("input")?.click();
}

/**
 * Zag puts the hidden input in step with `checked` only when the value changes: a tap the page does not take as a
 * tick (a Premium playlist opens its dialog instead) left the input ticked, and the next tap did nothing.
 */
function keepInputInStep(event: MouseEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  setTimeout(() => {
    input.checked = input.closest<HTMLElement>("[data-checked]")?.dataset.checked === "true";
  }, 0);
}

/** How an entry that makes several Spotify playlists divides the songs. */
function perPlaylist(name: string): string | null {
  const kind = entryByName(name)?.kind;
  if (kind?.type === "partition") return `one per ${kind.size} songs`;
  if (kind?.type === "everything") return `one per ${limits.playlistCapacity.toLocaleString("en-US")} songs`;
  if (kind?.type !== "likedAt") return null;
  if (kind.period === "year") return "one per year";
  if (kind.period === "seasonNorth" || kind.period === "seasonSouth") return "one per season";
  return kind.period === "monthFromSelection" ? "one per month from this one on" : "one per month";
}

/**
 * "Makes 85 playlists in Spotify, one per month": what ticking an entry of Liked At, Partitions or Everything
 * will create, said before it is ticked.
 */
export function playlistsMadeText(name: string, playlists: number): string {
  const per = perPlaylist(name);
  if (playlists === 0)
    return `No playlist in Spotify yet: none of your liked songs fits it${per ? ` (${per})` : ""}`;
  const made = `Makes ${playlists === 1 ? "1 playlist" : `${playlists} playlists`} in Spotify`;
  return per ? `${made}, ${per}` : made;
}

/** One predefined playlist: a checkbox with its availability, song count and a delete action. */
export const EntryOption = memo(function EntryOption({
  entry,
  checked,
  blocked,
  songs,
  playlists = null,
  onToggle,
  onDelete,
  height,
}: EntryOptionProps) {
  const locked = !entry.available;
  return (
    <HStack
      gap="1"
      h={height}
      px="3"
      borderRadius="lg"
      borderWidth="1px"
      borderColor="border.muted"
      bg="bg.subtle"
      transition="background 0.15s, border-color 0.15s"
      // The look of a ticked row follows its data-checked attribute alone, so a tick answered before the app
      // has taken a rendered page over (early-ticks.ts) looks as the app's own.
      css={blocked ? CHECKED_ROW : CHECKED_ROW_WITH_HOVER}
      opacity={blocked ? 0.55 : 1}
      cursor={blocked ? "not-allowed" : "pointer"}
      onClick={tapOnRow}
      data-testid="playlist-option"
      data-name={entry.name}
      data-checked={checked ? "true" : "false"}
      data-premium={locked ? "true" : undefined}
    >
      <Checkbox.Root
        checked={checked}
        disabled={blocked}
        onCheckedChange={() => onToggle(entry)}
        colorPalette="brand"
        flex="1"
        minW="0"
        py={height ? "0" : "2.5"}
        cursor={blocked ? "not-allowed" : "pointer"}
      >
        <Checkbox.HiddenInput onClick={keepInputInStep} />
        <Checkbox.Control borderRadius="md" />
        <Checkbox.Label flex="1" minW="0" cursor="inherit">
          <HStack gap="2" justify="space-between" minW="0">
            <HStack as="span" gap="2" minW="0">
              <Text
                as="span"
                truncate
                fontWeight="medium"
                css={CHECKED_NAME}
                textStyle="sm"
                title={entry.name}
              >
                {entry.name}
              </Text>
              {entry.failed && !entry.vanished ? (
                <Badge
                  colorPalette="orange"
                  variant="subtle"
                  size="xs"
                  flexShrink="0"
                  data-testid="failed-badge"
                >
                  {playlistFailureBadge}
                </Badge>
              ) : null}
              {entry.vanished ? (
                <Badge
                  colorPalette="red"
                  variant="subtle"
                  size="xs"
                  flexShrink="0"
                  data-testid="vanished-badge"
                >
                  Deleted in Spotify
                </Badge>
              ) : null}
            </HStack>
            {songs !== null ? (
              <Text
                as="span"
                textStyle="xs"
                color={songs === 0 ? "fg.subtle" : "fg.muted"}
                flexShrink="0"
                fontVariantNumeric="tabular-nums"
                data-testid="song-count"
              >
                {songsText(songs)}
              </Text>
            ) : null}
          </HStack>
          {playlists !== null ? (
            <Text as="span" display="block" textStyle="xs" color="fg.muted" data-testid="playlists-made">
              {playlistsMadeText(entry.name, playlists)}
            </Text>
          ) : null}
        </Checkbox.Label>
      </Checkbox.Root>
      {locked ? (
        <Box color="purple.fg" flexShrink="0" title="Premium" aria-label="Premium playlist" role="img">
          <Crown size={15} aria-hidden />
        </Box>
      ) : null}
      {onDelete && (entry.userHasPreference || entry.vanished || entry.failed) ? (
        <IconButton
          aria-label={`Delete the playlist ${entry.name}`}
          title="Delete playlist"
          size="xs"
          variant="ghost"
          color="fg.subtle"
          _hover={{ color: "fg.error", bg: "bg.muted" }}
          onClick={() => onDelete(entry)}
          flexShrink="0"
        >
          <Trash2 aria-hidden />
        </IconButton>
      ) : null}
    </HStack>
  );
});
