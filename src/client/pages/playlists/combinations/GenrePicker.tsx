import { Badge, HStack, Stack, Text } from "@chakra-ui/react";
import { Plus } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { type GenreOption, genreOptions } from "../../../../shared/combinations/rules.ts";
import { limits } from "../../../../shared/limits.ts";
import { FilterInput } from "../../../components/FilterInput.tsx";
import { VirtualList } from "../../../components/VirtualList.tsx";

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

  return (
    <Stack gap="2.5" data-testid="genre-picker">
      <FilterInput
        label="Filter genres"
        value={filter}
        onChange={setFilter}
        size="sm"
        autoFocus
        data-testid="genre-filter"
      />
      {options.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" py="4" textAlign="center">
          No genre matches “{filter.trim()}”.
        </Text>
      ) : (
        <VirtualList
          items={options}
          rowPx={ROW_PX}
          heightPx={height}
          listRole="listbox"
          listLabel="Genres"
          itemKey={(option) => `${option.kind}-${option.name}`}
          borderRadius="lg"
          borderWidth="1px"
          borderColor="border.muted"
          bg="bg"
          data-testid="genre-list"
          data-height={height}
          renderRow={(option, placement) => (
            <HStack
              as="button"
              role="option"
              aria-selected={false}
              {...placement}
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
          )}
        />
      )}
    </Stack>
  );
}
