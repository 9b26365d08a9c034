import { Box, Button, HStack, Stack, Text, useBreakpointValue } from "@chakra-ui/react";
import { useMemo, useRef } from "react";
import { explainPageTexts as texts } from "../../../../shared/explain.ts";
import type { ExplainedSong } from "../../../../shared/schemas/explain.ts";
import { trpc } from "../../../api/trpc.ts";
import { VirtualList, type VirtualRowPlacement } from "../../../components/VirtualList.tsx";
import { useRevealWhenShown } from "../../../hooks/useRevealWhenShown.ts";
import { CorrectArtistForm } from "./CorrectArtistForm.tsx";

export const PAGE_SIZE = 500;
/** a row's height: on a phone its reason gets up to three lines, so it is read whole */
const ROW_PX = { base: 112, md: 76 };

/** One row: the song's page of 500 is one query shared by every row on it (React Query dedupes by key). */
function SongRow({
  name,
  index,
  placement,
  onSelect,
  selected,
  rowPx,
}: {
  name: string;
  index: number;
  placement: VirtualRowPlacement;
  onSelect: (song: ExplainedSong) => void;
  selected: string | null;
  rowPx: number;
}) {
  const page = Math.floor(index / PAGE_SIZE);
  const query = trpc.explain.songs.useQuery({ name, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
  const song = query.data?.songs[index - page * PAGE_SIZE];
  return (
    <Box
      role="listitem"
      {...placement}
      h={`${rowPx}px`}
      px="2"
      py="1"
      borderBottomWidth="1px"
      borderColor="border.muted"
      bg={song && song.trackId === selected ? "bg.muted" : undefined}
      data-testid="explained-song"
      data-index={index}
      data-track-id={song?.trackId}
    >
      {song ? (
        <Button
          variant="plain"
          h="full"
          w="full"
          p="0"
          justifyContent="flex-start"
          textAlign="start"
          onClick={() => onSelect(song)}
        >
          <Stack gap="0" minW="0" w="full">
            <Text textStyle="sm" fontWeight="semibold" truncate>
              {index + 1}. {song.name}
            </Text>
            <Text textStyle="xs" color="fg.muted" truncate>
              {song.artists.map((a) => a.name).join(", ")}
            </Text>
            <Text
              textStyle="xs"
              lineClamp={{ base: 3, md: 1 }}
              title={song.reasons[0]?.text}
              data-testid="song-reason"
            >
              {song.reasons[0]?.text}
            </Text>
          </Stack>
        </Button>
      ) : (
        <Text textStyle="sm" color="fg.muted">
          {texts.loading}
        </Text>
      )}
    </Box>
  );
}

/** The playlist's songs in order, virtualised: only the rows in view are rendered and fetched. */
export function SongRows({
  name,
  total,
  onSelect,
  selected,
}: {
  name: string;
  total: number;
  onSelect: (song: ExplainedSong) => void;
  selected: string | null;
}) {
  const indexes = useMemo(() => Array.from({ length: total }, (_, i) => i), [total]);
  const rowPx = useBreakpointValue(ROW_PX) ?? ROW_PX.md;
  return (
    <VirtualList
      items={indexes}
      rowPx={rowPx}
      heightPx={Math.min(total * rowPx, 520)}
      listRole="list"
      listLabel={texts.listLabel}
      itemKey={(i) => String(i)}
      borderWidth="1px"
      borderRadius="lg"
      data-testid="song-list"
      renderRow={(i, placement) => (
        <SongRow
          name={name}
          index={i}
          placement={placement}
          onSelect={onSelect}
          selected={selected}
          rowPx={rowPx}
        />
      )}
    />
  );
}

/** The selected song's reasons, with "Never in this playlist" for the song and each of its artists. */
export function SongDetail({
  song,
  paused,
  onExclude,
  busy,
  onCorrected,
}: {
  song: ExplainedSong;
  paused: boolean;
  onExclude: (input: { trackId: string } | { artistId: string }) => void;
  busy: boolean;
  onCorrected: () => void;
}) {
  // the detail opens above the list: brought on screen, so its controls are where the listener tapped
  const box = useRef<HTMLDivElement>(null);
  useRevealWhenShown(box, song.trackId);
  return (
    <Stack
      ref={box}
      gap="2"
      p="3"
      borderWidth="1px"
      borderRadius="lg"
      scrollMarginTop="24"
      scrollMarginBottom="4"
      data-testid="song-detail"
    >
      <Text fontWeight="bold">{song.name}</Text>
      <Stack as="ul" gap="1" ps="4" listStyleType="disc">
        {song.reasons.map((reason) => (
          <Text as="li" key={reason.text} textStyle="sm" data-testid="detail-reason">
            {reason.text}
          </Text>
        ))}
      </Stack>
      {paused ? null : (
        <HStack wrap="wrap" gap="2">
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => onExclude({ trackId: song.trackId })}
          >
            {texts.keepSongOut}
          </Button>
          {song.artists.map((artist) => (
            <Button
              key={artist.id}
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => onExclude({ artistId: artist.id })}
            >
              {texts.keepArtistOut(artist.name)}
            </Button>
          ))}
        </HStack>
      )}
      {song.artists[0] ? <CorrectArtistForm artist={song.artists[0]} onSaved={onCorrected} /> : null}
    </Stack>
  );
}
