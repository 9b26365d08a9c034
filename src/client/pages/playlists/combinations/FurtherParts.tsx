import {
  Box,
  Button,
  CloseButton,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tag,
  Text,
} from "@chakra-ui/react";
import { ChevronDown, ChevronUp } from "lucide-react";
import { useId, useState } from "react";
import type { Criterion, LikedWindow, Range } from "../../../../shared/combinations/rules.ts";
import { limits } from "../../../../shared/limits.ts";
import { ArtistPicker } from "./ArtistPicker.tsx";
import type { CriteriaList, SingleParts, WizardAction } from "./wizard.ts";

/** A whole number typed in a field, or null for an empty field. */
const wholeNumber = (typed: string): number | null => {
  const value = Number.parseInt(typed, 10);
  return Number.isFinite(value) ? value : null;
};

/** A range with either end changed; null once both ends are empty. */
function withEnd(range: Range | null | undefined, end: keyof Range, value: number | null): Range | null {
  const next = { from: range?.from ?? null, to: range?.to ?? null, [end]: value };
  return next.from === null && next.to === null ? null : next;
}

function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  testId,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  min: number;
  max: number;
  testId: string;
}) {
  return (
    <Field.Root>
      <Field.Label textStyle="xs" color="fg.muted">
        {label}
      </Field.Label>
      <Input
        type="number"
        inputMode="numeric"
        size="sm"
        borderRadius="lg"
        bg="bg"
        min={min}
        max={max}
        value={value ?? ""}
        onChange={(event) => onChange(wholeNumber(event.target.value))}
        data-testid={testId}
      />
    </Field.Root>
  );
}

type LikedKind = "any" | "within" | "between";
const likedKindOf = (liked: LikedWindow | null | undefined): LikedKind =>
  !liked ? "any" : "withinDays" in liked ? "within" : "between";

export interface FurtherPartsProps {
  criterion: Criterion;
  at: { key: number; criterion: number; list: CriteriaList };
  artistNames: Readonly<Record<string, string>>;
  dispatch: (action: WizardAction) => void;
}

const hasMore = (c: Criterion) => Boolean(c.years || c.tempo || c.liked || (c.artists ?? []).length > 0);

/** The further parts behind a toggle, open from the start for a criterion that holds one. */
export function MoreParts(props: FurtherPartsProps) {
  const [open, setOpen] = useState(() => hasMore(props.criterion));
  const regionId = useId();
  return (
    <Stack gap="3">
      <Button
        size="xs"
        variant="ghost"
        alignSelf="start"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen(!open)}
        data-testid="more-parts"
      >
        {open ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
        Release years, tempo, when liked, artists
      </Button>
      {open ? (
        <Box id={regionId}>
          <FurtherParts {...props} />
        </Box>
      ) : null}
    </Stack>
  );
}

/** The parts of a criterion beyond the spec's: release years, tempo, when it was liked, artists. */
export function FurtherParts({ criterion, at, artistNames, dispatch }: FurtherPartsProps) {
  const set = <P extends keyof SingleParts>(part: P, value: SingleParts[P]) =>
    dispatch({ type: "setPart", ...at, part, value } as WizardAction);
  const { rules } = limits;
  const nextYear = new Date().getFullYear() + 1;
  const liked = criterion.liked ?? null;
  const likedKind = likedKindOf(liked);
  const days = liked && "withinDays" in liked ? liked : null;
  const between = liked && !("withinDays" in liked) ? liked : null;

  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3">
        <NumberField
          label="Released from (year)"
          value={criterion.years?.from}
          onChange={(value) => set("years", withEnd(criterion.years, "from", value))}
          min={rules.firstYear}
          max={nextYear}
          testId="years-from"
        />
        <NumberField
          label="Released until (year)"
          value={criterion.years?.to}
          onChange={(value) => set("years", withEnd(criterion.years, "to", value))}
          min={rules.firstYear}
          max={nextYear}
          testId="years-to"
        />
        <NumberField
          label="Tempo from (BPM)"
          value={criterion.tempo?.from}
          onChange={(value) => set("tempo", withEnd(criterion.tempo, "from", value))}
          min={rules.minBpm}
          max={rules.maxBpm}
          testId="tempo-from"
        />
        <NumberField
          label="Tempo up to (BPM)"
          value={criterion.tempo?.to}
          onChange={(value) => set("tempo", withEnd(criterion.tempo, "to", value))}
          min={rules.minBpm}
          max={rules.maxBpm}
          testId="tempo-to"
        />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <Field.Root>
          <Field.Label textStyle="xs" color="fg.muted">
            Liked
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={likedKind}
              borderRadius="lg"
              bg="bg"
              onChange={(event) => {
                const kind = event.target.value as LikedKind;
                set(
                  "liked",
                  kind === "any" ? null : kind === "within" ? { withinDays: 30 } : { from: null, to: null },
                );
              }}
              data-testid="liked-select"
            >
              <option value="any">Any time</option>
              <option value="within">In the last days</option>
              <option value="between">Between two days</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {likedKind === "within" ? (
          <NumberField
            label="Liked in the last (days)"
            value={days?.withinDays}
            onChange={(value) => set("liked", { withinDays: value ?? 0 })}
            min={1}
            max={rules.maxLikedWithinDays}
            testId="liked-days"
          />
        ) : null}
        {likedKind === "between" ? (
          <>
            <DayField
              label="Liked from (day)"
              value={between?.from ?? null}
              onChange={(from) => set("liked", { from, to: between?.to ?? null })}
              testId="liked-from"
            />
            <DayField
              label="Liked until (day)"
              value={between?.to ?? null}
              onChange={(to) => set("liked", { from: between?.from ?? null, to })}
              testId="liked-to"
            />
          </>
        ) : null}
      </SimpleGrid>

      <Stack gap="2">
        <Text textStyle="xs" color="fg.muted" id={`artists-${at.list}-${at.key}-${at.criterion}`}>
          Artists (a song needs one of them, up to {rules.maxArtists})
        </Text>
        {(criterion.artists ?? []).length > 0 ? (
          <HStack gap="2" flexWrap="wrap">
            {(criterion.artists ?? []).map((artistId) => {
              const name = artistNames[artistId] ?? artistId;
              return (
                <Tag.Root key={artistId} colorPalette="purple" variant="subtle" borderRadius="full" size="lg">
                  <Tag.Label data-testid="artist-tag">{name}</Tag.Label>
                  <Tag.EndElement>
                    <CloseButton
                      size="2xs"
                      variant="plain"
                      aria-label={`Remove ${name}`}
                      onClick={() => dispatch({ type: "removeArtist", ...at, artistId })}
                    />
                  </Tag.EndElement>
                </Tag.Root>
              );
            })}
          </HStack>
        ) : null}
        {(criterion.artists ?? []).length < rules.maxArtists ? (
          <ArtistPicker
            chosen={criterion.artists ?? []}
            onPick={(artistId, name) => dispatch({ type: "addArtist", ...at, artistId, name })}
          />
        ) : null}
      </Stack>
    </Stack>
  );
}

function DayField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (day: string | null) => void;
  testId: string;
}) {
  return (
    <Field.Root>
      <Field.Label textStyle="xs" color="fg.muted">
        {label}
      </Field.Label>
      <Input
        type="date"
        size="sm"
        borderRadius="lg"
        bg="bg"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || null)}
        data-testid={testId}
      />
    </Field.Root>
  );
}
