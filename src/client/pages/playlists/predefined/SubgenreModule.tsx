import { Box, CloseButton, HStack, Tag, Text } from "@chakra-ui/react";
import { memo, useState } from "react";
import { limits } from "../../../../shared/limits.ts";
import { FilterInput } from "../../../components/FilterInput.tsx";
import { VirtualList } from "../../../components/VirtualList.tsx";
import { ChoiceEntryOption, type EntryChoice, GroupModuleFrame, sameChoiceFor } from "./GroupModule.tsx";
import { type PreferenceGroupView, type SimplePlaylistPreference, visibleSubgenres } from "./preferences.ts";

const ROW_GAP_PX = 6;

function SubgenreList({ entries, choice }: { entries: SimplePlaylistPreference[]; choice: EntryChoice }) {
  return (
    <VirtualList
      items={entries}
      rowPx={limits.subgenreRowPx}
      heightPx={limits.subgenreListPx}
      listRole="list"
      listLabel="Subgenres"
      itemKey={(entry) => entry.name}
      borderRadius="xl"
      borderWidth="1px"
      borderColor="border.muted"
      bg="bg"
      px="2"
      data-testid="subgenre-list"
      renderRow={(entry, placement) => (
        <Box role="listitem" {...placement} py={`${ROW_GAP_PX / 2}px`}>
          <ChoiceEntryOption
            entry={entry}
            choice={choice}
            height={`${limits.subgenreRowPx - ROW_GAP_PX}px`}
          />
        </Box>
      )}
    />
  );
}

interface SubgenreModuleProps {
  group: PreferenceGroupView;
  choice: EntryChoice;
  hideEmpty: boolean;
}

/** The Subgenre module: several hundred names, a text filter and a virtualised list (spec §2). */
export const SubgenreModule = memo(
  function SubgenreModule({ group, choice, hideEmpty }: SubgenreModuleProps) {
    const [filter, setFilter] = useState("");
    const entries = visibleSubgenres(group.entries, filter, hideEmpty, choice);
    const chosen = group.entries.filter((entry) => choice.selected.has(entry.name));

    return (
      // several hundred rows in a virtualised list: mounted when first opened, never before the app
      <GroupModuleFrame group={group} selected={choice.selected} mountOnOpen>
        <FilterInput
          label="Filter subgenres"
          value={filter}
          onChange={setFilter}
          data-testid="subgenre-filter"
        />
        {chosen.length > 0 ? (
          <HStack gap="2" flexWrap="wrap" aria-label="Chosen subgenres">
            {chosen.map((entry) => (
              <Tag.Root key={entry.name} colorPalette="brand" variant="subtle" borderRadius="full" size="lg">
                <Tag.Label>{entry.name}</Tag.Label>
                <Tag.EndElement>
                  <CloseButton
                    size="2xs"
                    variant="plain"
                    aria-label={`Unchoose ${entry.name}`}
                    onClick={() => choice.onToggle(entry)}
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </HStack>
        ) : null}
        {entries.length > 0 ? (
          <SubgenreList entries={entries} choice={choice} />
        ) : (
          <Text textStyle="sm" color="fg.muted" py="6" textAlign="center" data-testid="subgenre-empty">
            {filter.trim()
              ? `No subgenre matches “${filter.trim()}”.`
              : "No subgenre has songs in your library."}
          </Text>
        )}
      </GroupModuleFrame>
    );
  },
  (prev, next) =>
    prev.group === next.group &&
    prev.hideEmpty === next.hideEmpty &&
    sameChoiceFor(next.group.entries, prev.choice, next.choice),
);
