import {
  Accordion,
  Box,
  CloseButton,
  Field,
  HStack,
  Input,
  InputGroup,
  Stack,
  Tag,
  Text,
} from "@chakra-ui/react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Search } from "lucide-react";
import { memo, useRef, useState } from "react";
import { limits } from "../../../../shared/limits.ts";
import { EntryOption } from "./EntryOption.tsx";
import { countSelected, type EntryChoice, GroupTrigger, sameChoiceFor } from "./GroupModule.tsx";
import { type PreferenceGroupView, type SimplePlaylistPreference, visibleSubgenres } from "./preferences.ts";

const ROW_GAP_PX = 6;

function SubgenreList({ entries, choice }: { entries: SimplePlaylistPreference[]; choice: EntryChoice }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => limits.subgenreRowPx,
    overscan: 6,
  });
  return (
    <Box
      ref={scrollRef}
      h={`${limits.subgenreListPx}px`}
      overflowY="auto"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="border.muted"
      bg="bg"
      px="2"
      data-testid="subgenre-list"
    >
      <Box position="relative" h={`${virtualizer.getTotalSize()}px`} role="list" aria-label="Subgenres">
        {virtualizer.getVirtualItems().map((row) => {
          const entry = entries[row.index];
          if (!entry) return null;
          const checked = choice.selected.has(entry.name);
          return (
            <Box
              key={entry.name}
              role="listitem"
              position="absolute"
              top="0"
              left="0"
              right="0"
              h={`${limits.subgenreRowPx}px`}
              transform={`translateY(${row.start}px)`}
              py={`${ROW_GAP_PX / 2}px`}
            >
              <EntryOption
                entry={entry}
                checked={checked}
                blocked={!checked && entry.available && choice.capReached}
                songs={choice.songs(entry.name)}
                onToggle={choice.onToggle}
                onDelete={choice.onDelete}
                height={`${limits.subgenreRowPx - ROW_GAP_PX}px`}
              />
            </Box>
          );
        })}
      </Box>
    </Box>
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
      <Accordion.Item
        value={group.group}
        borderWidth="1px"
        borderColor="border"
        borderRadius="2xl"
        bg="bg.panel"
        overflow="hidden"
        data-testid={`group-${group.group}`}
      >
        <GroupTrigger group={group} selectedCount={countSelected(group, choice.selected)} />
        <Accordion.ItemContent>
          <Accordion.ItemBody px={{ base: "4", md: "5" }} pt="1" pb="5">
            <Stack gap="4">
              <Field.Root>
                <Field.Label srOnly>Filter subgenres</Field.Label>
                <InputGroup startElement={<Search size={16} aria-hidden />} w="full">
                  <Input
                    value={filter}
                    onChange={(event) => setFilter(event.target.value)}
                    placeholder="Filter subgenres"
                    borderRadius="lg"
                    bg="bg"
                    data-testid="subgenre-filter"
                  />
                </InputGroup>
              </Field.Root>
              {chosen.length > 0 ? (
                <HStack gap="2" flexWrap="wrap" aria-label="Chosen subgenres">
                  {chosen.map((entry) => (
                    <Tag.Root
                      key={entry.name}
                      colorPalette="brand"
                      variant="subtle"
                      borderRadius="full"
                      size="lg"
                    >
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
            </Stack>
          </Accordion.ItemBody>
        </Accordion.ItemContent>
      </Accordion.Item>
    );
  },
  (prev, next) =>
    prev.group === next.group &&
    prev.hideEmpty === next.hideEmpty &&
    sameChoiceFor(next.group.entries, prev.choice, next.choice),
);
