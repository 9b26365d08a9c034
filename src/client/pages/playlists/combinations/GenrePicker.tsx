import { Badge, Box, Field, HStack, Input, InputGroup, Stack, Text } from "@chakra-ui/react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Plus, Search } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { type GenreOption, genreOptions } from "../../../../shared/combinations/rules.ts";
import { limits } from "../../../../shared/limits.ts";

/** 341 px from a 1250 px wide window up, 270 px below (spec §9). */
export function useWizardListHeight(): number {
  const { narrow, wide, breakpoint } = limits.wizardListPx;
  const query = `(min-width: ${breakpoint}px)`;
  const [isWide, setIsWide] = useState(() =>
    typeof window === "undefined" ? true : window.matchMedia(query).matches,
  );
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setIsWide(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, [query]);
  return isWide ? wide : narrow;
}

/** Options whose name holds the filter text (any case), genres first, without those already chosen. */
export function visibleGenres(filter: string, chosen: readonly string[]): GenreOption[] {
  const text = filter.trim().toLowerCase();
  return genreOptions.filter(
    (option) => !chosen.includes(option.name) && (text === "" || option.name.toLowerCase().includes(text)),
  );
}

const ROW_PX = limits.subgenreRowPx;

/** The genres and subgenres a criterion may take: a text filter over a virtualised list. */
export function GenrePicker({
  chosen,
  onPick,
}: {
  chosen: readonly string[];
  onPick: (genre: string) => void;
}) {
  const [filter, setFilter] = useState("");
  const options = useMemo(() => visibleGenres(filter, chosen), [filter, chosen]);
  const height = useWizardListHeight();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: options.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 6,
  });

  return (
    <Stack gap="2.5" data-testid="genre-picker">
      <Field.Root>
        <Field.Label srOnly>Filter genres</Field.Label>
        <InputGroup startElement={<Search size={16} aria-hidden />} w="full">
          <Input
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Filter genres"
            size="sm"
            borderRadius="lg"
            bg="bg"
            autoFocus
            data-testid="genre-filter"
          />
        </InputGroup>
      </Field.Root>
      {options.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" py="4" textAlign="center">
          No genre matches “{filter.trim()}”.
        </Text>
      ) : (
        <Box
          ref={scrollRef}
          h={`${height}px`}
          overflowY="auto"
          borderRadius="lg"
          borderWidth="1px"
          borderColor="border.muted"
          bg="bg"
          data-testid="genre-list"
          data-height={height}
        >
          <Box position="relative" h={`${virtualizer.getTotalSize()}px`} role="listbox" aria-label="Genres">
            {virtualizer.getVirtualItems().map((row) => {
              const option = options[row.index];
              if (!option) return null;
              return (
                <HStack
                  key={`${option.kind}-${option.name}`}
                  as="button"
                  role="option"
                  aria-selected={false}
                  position="absolute"
                  top="0"
                  left="0"
                  right="0"
                  h={`${ROW_PX}px`}
                  transform={`translateY(${row.start}px)`}
                  px="3"
                  gap="2"
                  textAlign="start"
                  cursor="pointer"
                  borderBottomWidth="1px"
                  borderColor="border.muted"
                  _hover={{ bg: "brand.subtle/60" }}
                  _focusVisible={{ bg: "brand.subtle/60", outline: "none" }}
                  onClick={() => onPick(option.name)}
                  data-testid="genre-option"
                  data-name={option.name}
                >
                  <Plus size={14} aria-hidden />
                  <Text as="span" textStyle="sm" fontWeight="medium" truncate flex="1">
                    {option.name}
                  </Text>
                  {option.kind === "subgenre" ? (
                    <Badge size="xs" variant="subtle" colorPalette="gray" flexShrink="0">
                      subgenre
                    </Badge>
                  ) : null}
                </HStack>
              );
            })}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
