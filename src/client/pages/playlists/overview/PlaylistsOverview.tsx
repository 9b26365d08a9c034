import { Alert, Box, HStack, Stack, Text } from "@chakra-ui/react";
import { Clock } from "lucide-react";
import { useMemo, useState } from "react";
import {
  type LibraryStatus,
  type PlaylistsOverview as Overview,
  overviewTexts,
  timeAgo,
} from "../../../../shared/playlist-overview.ts";
import { trpc } from "../../../api/trpc.ts";
import { VirtualList } from "../../../components/VirtualList.tsx";
import { unlessRendered } from "../../../lib/rendered-data.ts";
import { PlaylistRow, ROW_PX } from "./PlaylistRow.tsx";
import { overviewRows } from "./rows.ts";

/** Lists longer than this scroll inside a box that renders only the rows in view. */
const VIRTUAL_FROM_ROWS = 12;
const LIST_PX = ROW_PX * 8;
const REFRESH_MS = 60_000;

/** When Crate last read the library, when the next update comes, and a failed last update. */
export function LibraryStatusLine({ library, now }: { library: LibraryStatus; now: number }) {
  const failure = library.lastRunFailure;
  return (
    <Stack gap="3">
      <HStack gap="2.5" align="start" color="fg.muted" textStyle="sm" data-testid="library-status">
        <Box mt="0.5" flexShrink="0">
          <Clock size={16} aria-hidden />
        </Box>
        <Text>
          {library.lastSyncedAt
            ? overviewTexts.lastSynced(timeAgo(library.lastSyncedAt, now))
            : overviewTexts.notSyncedYet}{" "}
          {overviewTexts.nextUpdate(library.nextUpdateWithinMinutes)}
        </Text>
      </HStack>
      {failure ? (
        <Alert.Root status="warning" borderRadius="xl" data-testid="last-run-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{overviewTexts.lastRunFailed(timeAgo(failure.at, now))}</Alert.Title>
            <Alert.Description>{overviewTexts.failureNext[failure.next]}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}

/** The chosen playlists, one compact row each; playlists of several Spotify playlists expand to them. */
function ChosenPlaylists({ overview, now }: { overview: Overview; now: number }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => overviewRows(overview.playlists, expanded), [overview.playlists, expanded]);
  const toggle = (key: string) =>
    setExpanded((before) => {
      const next = new Set(before);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const label = overviewTexts.listLabel;
  if (rows.length > VIRTUAL_FROM_ROWS) {
    return (
      <VirtualList
        items={rows}
        rowPx={ROW_PX}
        heightPx={LIST_PX}
        listRole="list"
        listLabel={label}
        itemKey={(row) => row.key}
        borderRadius="xl"
        borderWidth="1px"
        borderColor="border.muted"
        bg="bg"
        data-testid="chosen-playlists"
        renderRow={(row, placement) => (
          <PlaylistRow
            row={row}
            now={now}
            expanded={expanded.has(row.key)}
            onToggle={toggle}
            placement={placement}
          />
        )}
      />
    );
  }
  return (
    <Box
      role="list"
      aria-label={label}
      borderRadius="xl"
      borderWidth="1px"
      borderColor="border.muted"
      bg="bg"
      data-testid="chosen-playlists"
    >
      {rows.map((row) => (
        <PlaylistRow key={row.key} row={row} now={now} expanded={expanded.has(row.key)} onToggle={toggle} />
      ))}
    </Box>
  );
}

/**
 * The Playlists page's view of what Crate made: each chosen playlist's songs, last update and links into
 * Spotify, and when the library was last read. Renders nothing until there is something to say.
 */
export function PlaylistsOverview() {
  const query = trpc.playlists.overview.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: unlessRendered("always"),
    refetchInterval: REFRESH_MS,
  });
  const overview = query.data;
  if (!overview || (overview.playlists.length === 0 && !overview.library.lastSyncedAt)) return null;
  const now = query.dataUpdatedAt || Date.now();
  return (
    <Stack
      as="section"
      aria-labelledby="chosen-playlists-heading"
      gap="4"
      p={{ base: "4", md: "6" }}
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="border"
      bg="bg.panel"
      data-testid="playlists-overview"
    >
      <Text as="h2" id="chosen-playlists-heading" textStyle="lg" fontWeight="bold">
        {overviewTexts.heading}
      </Text>
      <LibraryStatusLine library={overview.library} now={now} />
      {overview.playlists.length > 0 ? <ChosenPlaylists overview={overview} now={now} /> : null}
    </Stack>
  );
}
