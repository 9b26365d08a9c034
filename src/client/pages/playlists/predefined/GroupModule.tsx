import {
  Accordion,
  Badge,
  Center,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  useAccordionItemContext,
} from "@chakra-ui/react";
import { memo, type ReactNode, useRef } from "react";
import { GroupIcon } from "../../../components/GroupIcon.tsx";
import { EntryOption } from "./EntryOption.tsx";
import type { PreferenceGroupView, SimplePlaylistPreference } from "./preferences.ts";

export interface EntryChoice {
  selected: ReadonlySet<string>;
  capReached: boolean;
  songs: (name: string) => number | null;
  /** how many Spotify playlists an entry that makes several would make now; null for the others, or unknown */
  playlists: (name: string) => number | null;
  onToggle: (entry: SimplePlaylistPreference) => void;
  onDelete: (entry: SimplePlaylistPreference) => void;
}

/** The header of a group module: icon, title, what it holds and how many of it are chosen. */
export function GroupTrigger({
  group,
  selectedCount,
}: {
  group: PreferenceGroupView;
  selectedCount: number;
}) {
  const locked = group.entries.every((entry) => !entry.available);
  return (
    <Accordion.ItemTrigger
      px={{ base: "4", md: "5" }}
      py="4"
      gap="4"
      cursor="pointer"
      data-testid="group-trigger"
    >
      <Center
        boxSize="10"
        borderRadius="xl"
        bg={group.premiumOnly ? "purple.subtle" : "brand.subtle"}
        color={group.premiumOnly ? "purple.fg" : "brand.fg"}
        flexShrink="0"
      >
        <GroupIcon name={group.iconName} size={19} />
      </Center>
      <Stack gap="0.5" flex="1" minW="0" textAlign="start">
        <HStack gap="2" flexWrap="wrap">
          <Text as="h3" fontWeight="bold" textStyle="md">
            {group.title}
          </Text>
          {locked ? (
            <Badge variant="outline" colorPalette="purple" borderRadius="full" size="sm">
              Premium
            </Badge>
          ) : null}
        </HStack>
        <Text textStyle="xs" color="fg.muted" truncate>
          {group.entries.length} playlists · e.g. {group.examples.slice(0, 3).join(", ")}
        </Text>
      </Stack>
      {selectedCount > 0 ? (
        <Badge
          colorPalette="brand"
          variant="solid"
          borderRadius="full"
          px="2.5"
          data-testid="group-selected-count"
        >
          {selectedCount} selected
        </Badge>
      ) : null}
      <Accordion.ItemIndicator color="fg.muted" />
    </Accordion.ItemTrigger>
  );
}

/** While a group opened before the app is drawn, its rows past a phone's screen wait a frame (early-controls.ts). */
const FIRST_ROWS_ONLY = { "[data-first-rows] & > :nth-child(n+13)": { display: "none" } };

/** Long names (Liked At, Randomized…) get fewer, wider columns so they are not cut off. */
function columnsFor(group: PreferenceGroupView) {
  const longest = Math.max(0, ...group.entries.map((entry) => entry.name.length));
  if (longest > 28) return { base: 1, md: 2 };
  return { base: 1, sm: 2, xl: 3 };
}

export function countSelected(group: PreferenceGroupView, selected: ReadonlySet<string>): number {
  return group.entries.filter((entry) => selected.has(entry.name)).length;
}

/**
 * True when a module of these entries would look the same with either choice, so a click elsewhere does not
 * render every group again.
 */
export function sameChoiceFor(
  entries: readonly SimplePlaylistPreference[],
  a: EntryChoice,
  b: EntryChoice,
): boolean {
  return (
    a.capReached === b.capReached &&
    a.songs === b.songs &&
    a.playlists === b.playlists &&
    a.onToggle === b.onToggle &&
    a.onDelete === b.onDelete &&
    entries.every((entry) => a.selected.has(entry.name) === b.selected.has(entry.name))
  );
}

/**
 * The collapsible frame every group module shares: the header, then the body holding `children`. A closed group's
 * body is in the page, hidden, so the server-rendered page can open it and tick its rows before the app has taken
 * it over (early-controls.ts, ADR 0033); `mountOnOpen` keeps a heavy body out until the group is first opened.
 */
export function GroupModuleFrame({
  group,
  selected,
  mountOnOpen = false,
  children,
}: {
  group: PreferenceGroupView;
  selected: ReadonlySet<string>;
  mountOnOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <Accordion.Item
      value={group.group}
      borderWidth="1px"
      borderColor="border"
      borderRadius="2xl"
      bg="bg.panel"
      overflow="hidden"
      data-testid={`group-${group.group}`}
    >
      <GroupTrigger group={group} selectedCount={countSelected(group, selected)} />
      <GroupBody mountOnOpen={mountOnOpen}>{children}</GroupBody>
    </Accordion.Item>
  );
}

/**
 * A group's body; with `mountOnOpen`, none until the group is first opened (no element for the trigger's
 * aria-controls either, so a tap before the app waits for it).
 */
function GroupBody({ mountOnOpen, children }: { mountOnOpen: boolean; children: ReactNode }) {
  const { expanded } = useAccordionItemContext();
  const opened = useRef(false);
  if (expanded) opened.current = true;
  if (mountOnOpen && !opened.current) return null;
  return (
    <Accordion.ItemContent>
      <Accordion.ItemBody px={{ base: "4", md: "5" }} pt="1" pb="5">
        <Stack gap="4">{children}</Stack>
      </Accordion.ItemBody>
    </Accordion.ItemContent>
  );
}

/** One entry's checkbox as the current choice sees it (checked, or blocked once the cap is reached). */
export function ChoiceEntryOption({
  entry,
  choice,
  height,
}: {
  entry: SimplePlaylistPreference;
  choice: EntryChoice;
  height?: string;
}) {
  const checked = choice.selected.has(entry.name);
  return (
    <EntryOption
      entry={entry}
      checked={checked}
      blocked={!checked && entry.available && choice.capReached}
      songs={choice.songs(entry.name)}
      playlists={choice.playlists(entry.name)}
      onToggle={choice.onToggle}
      onDelete={choice.onDelete}
      height={height}
    />
  );
}

interface GroupModuleProps {
  group: PreferenceGroupView;
  choice: EntryChoice;
  /** shown above the entries, e.g. that audio features are unavailable */
  notice?: ReactNode;
}

/** A collapsible module of one group with a checkbox per playlist. */
export const GroupModule = memo(
  function GroupModule({ group, choice, notice }: GroupModuleProps) {
    return (
      <GroupModuleFrame group={group} selected={choice.selected}>
        {notice}
        <SimpleGrid columns={columnsFor(group)} gap="2" css={FIRST_ROWS_ONLY}>
          {group.entries.map((entry) => (
            <ChoiceEntryOption key={entry.name} entry={entry} choice={choice} />
          ))}
        </SimpleGrid>
      </GroupModuleFrame>
    );
  },
  (prev, next) =>
    prev.group === next.group &&
    prev.notice === next.notice &&
    sameChoiceFor(next.group.entries, prev.choice, next.choice),
);
