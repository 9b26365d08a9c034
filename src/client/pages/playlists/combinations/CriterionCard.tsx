import {
  Box,
  Button,
  CloseButton,
  Field,
  HStack,
  IconButton,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tag,
  Text,
} from "@chakra-ui/react";
import { Plus, Trash2, X } from "lucide-react";
import { decadeName, decadeStartYears } from "../../../../shared/catalogue/decades.ts";
import { moodNames } from "../../../../shared/catalogue/moods.ts";
import { nationalityNames } from "../../../../shared/catalogue/nationalities.ts";
import { type Criterion, isEmptyCriterion } from "../../../../shared/combinations/rules.ts";
import { limits } from "../../../../shared/limits.ts";
import { MoreParts } from "./FurtherParts.tsx";
import { GenrePicker } from "./GenrePicker.tsx";
import { PlaylistPart } from "./PlaylistPart.tsx";
import type { CriteriaList, WizardAction } from "./wizard.ts";

interface PartSelectProps {
  label: string;
  anyLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
}

function PartSelect({ label, anyLabel, value, options, onChange, testId }: PartSelectProps) {
  return (
    <Field.Root>
      <Field.Label textStyle="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={value}
          onChange={(event) => onChange(event.target.value)}
          borderRadius="lg"
          bg="bg"
          data-testid={testId}
        >
          <option value="">{anyLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

const decadeOptions = decadeStartYears.map((year) => ({ value: String(year), label: decadeName(year) }));
const moodOptions = moodNames.map((mood) => ({ value: mood, label: mood }));
const nationalityOptions = nationalityNames.map((nationality) => ({
  value: nationality,
  label: nationality,
}));

export interface CriterionCardProps {
  playlistKey: number;
  /** the criteria that include (default) or those that exclude */
  list?: CriteriaList;
  index: number;
  artistNames: Readonly<Record<string, string>>;
  playlistNames: Readonly<Record<string, string>>;
  criterion: Criterion;
  isLast: boolean;
  pickerOpen: boolean;
  onTogglePicker: () => void;
  dispatch: (action: WizardAction) => void;
}

/** One criterion: a song must match all of its filters, and any one of its genres. */
export function CriterionCard({
  playlistKey,
  list = "criteria",
  index,
  artistNames,
  playlistNames,
  criterion,
  isLast,
  pickerOpen,
  onTogglePicker,
  dispatch,
}: CriterionCardProps) {
  const key = playlistKey;
  const at = { key, criterion: index, list };
  const title =
    list === "except" ? `Leave out ${criterion.criterionNumber}` : `Criterion ${criterion.criterionNumber}`;
  const empty = isEmptyCriterion(criterion);
  const genresFull = criterion.genres.length >= limits.maxGenresPerCriterion;
  return (
    <Box
      p={{ base: "3.5", md: "4" }}
      borderRadius="xl"
      borderWidth="1px"
      borderStyle={empty ? "dashed" : "solid"}
      borderColor={empty ? "border.emphasized" : "border"}
      bg={empty ? "transparent" : "bg.subtle"}
      data-testid={list === "except" ? "except-criterion" : "criterion"}
      data-number={criterion.criterionNumber}
    >
      <Stack gap="3">
        <HStack justify="space-between" gap="2">
          <Text textStyle="sm" fontWeight="semibold">
            {title}
            {empty && isLast && index > 0 ? (
              <Text as="span" fontWeight="normal" color="fg.muted">
                {" "}
                {list === "except"
                  ? "· optional, another kind of song to leave out"
                  : "· optional, another way for a song to belong"}
              </Text>
            ) : null}
          </Text>
          {!empty ? (
            <IconButton
              aria-label={`Remove ${title.toLowerCase()}`}
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => dispatch({ type: "removeCriterion", ...at })}
              data-testid="remove-criterion"
            >
              <Trash2 />
            </IconButton>
          ) : null}
        </HStack>

        <Stack gap="2">
          <Text textStyle="xs" color="fg.muted">
            Genres (a song needs one of them, up to {limits.maxGenresPerCriterion})
          </Text>
          <HStack gap="2" flexWrap="wrap">
            {criterion.genres.map((genre) => (
              <Tag.Root key={genre} colorPalette="brand" variant="subtle" borderRadius="full" size="lg">
                <Tag.Label>{genre}</Tag.Label>
                <Tag.EndElement>
                  <CloseButton
                    size="2xs"
                    variant="plain"
                    aria-label={`Remove ${genre}`}
                    onClick={() => dispatch({ type: "removeGenre", ...at, genre })}
                    data-testid="remove-genre"
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
            {(criterion.subgenres ?? []).map((subgenre) => (
              <Tag.Root
                key={`sub-${subgenre}`}
                colorPalette="brand"
                variant="outline"
                borderRadius="full"
                size="lg"
              >
                <Tag.Label>{subgenre}</Tag.Label>
                <Tag.EndElement>
                  <CloseButton
                    size="2xs"
                    variant="plain"
                    aria-label={`Remove ${subgenre}`}
                    onClick={() => dispatch({ type: "removeSubgenre", ...at, subgenre })}
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
            <Button
              size="xs"
              variant={pickerOpen ? "subtle" : "outline"}
              borderRadius="full"
              disabled={genresFull}
              onClick={onTogglePicker}
              aria-expanded={pickerOpen}
              data-testid={list === "except" ? "except-add-genre" : "add-genre"}
            >
              {pickerOpen ? <X /> : <Plus />}
              {pickerOpen ? "Close genres" : "Add genre"}
            </Button>
          </HStack>
          {pickerOpen && !genresFull ? (
            <GenrePicker
              chosen={criterion.genres}
              onPick={(genre) => {
                dispatch({ type: "addGenre", ...at, genre });
                onTogglePicker();
              }}
            />
          ) : null}
        </Stack>

        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <PartSelect
            label="Decade"
            anyLabel="Any decade"
            value={criterion.decade === null ? "" : String(criterion.decade)}
            options={decadeOptions}
            onChange={(value) =>
              dispatch({ type: "setPart", ...at, part: "decade", value: value ? Number(value) : null })
            }
            testId="decade-select"
          />
          <PartSelect
            label="Mood"
            anyLabel="Any mood"
            value={criterion.mood ?? ""}
            options={moodOptions}
            onChange={(value) => dispatch({ type: "setPart", ...at, part: "mood", value: value || null })}
            testId="mood-select"
          />
          <PartSelect
            label="Nationality"
            anyLabel="Any nationality"
            value={criterion.nationality ?? ""}
            options={nationalityOptions}
            onChange={(value) =>
              dispatch({ type: "setPart", ...at, part: "nationality", value: value || null })
            }
            testId="nationality-select"
          />
        </SimpleGrid>
        <PlaylistPart criterion={criterion} at={at} playlistNames={playlistNames} dispatch={dispatch} />
        <MoreParts criterion={criterion} at={at} artistNames={artistNames} dispatch={dispatch} />
      </Stack>
    </Box>
  );
}
