import { Box, Button, Field, HStack, Input, Separator, Stack, Text } from "@chakra-ui/react";
import { X } from "lucide-react";
import { filterCount } from "../../../../shared/combinations/rules.ts";
import { limits } from "../../../../shared/limits.ts";
import { CriterionCard } from "./CriterionCard.tsx";
import { RuleArrangement } from "./RuleArrangement.tsx";
import { RulePreviewPanel } from "./RulePreviewPanel.tsx";
import { ruleSentence, toPreview } from "./rule-request.ts";
import { useRulePreview } from "./useRulePreview.ts";
import type { CriteriaList, PlaylistDraft, WizardAction } from "./wizard.ts";

export interface PlaylistCardProps {
  playlist: PlaylistDraft;
  position: number;
  /** "key:criterionIndex" of the criterion whose genre list is open, if any */
  openPicker: string | null;
  onOpenPicker: (id: string | null) => void;
  dispatch: (action: WizardAction) => void;
}

/** The criteria of one list (those that include, or those that exclude), "or" between them. */
function CriterionList({
  playlist,
  list,
  openPicker,
  onOpenPicker,
  dispatch,
}: Omit<PlaylistCardProps, "position"> & { list: CriteriaList }) {
  const criteria = playlist[list];
  return (
    <Stack gap="2">
      {criteria.map((criterion, index) => {
        const pickerId = `${playlist.key}:${list}:${index}`;
        return (
          <Stack key={criterion.criterionNumber} gap="2">
            {index > 0 ? (
              <HStack gap="3" px="2" aria-hidden>
                <Separator flex="1" />
                <Text textStyle="xs" fontWeight="bold" color="fg.muted" textTransform="uppercase">
                  or
                </Text>
                <Separator flex="1" />
              </HStack>
            ) : null}
            <CriterionCard
              playlistKey={playlist.key}
              list={list}
              index={index}
              criterion={criterion}
              artistNames={playlist.artistNames}
              playlistNames={playlist.playlistNames}
              isLast={index === criteria.length - 1}
              pickerOpen={openPicker === pickerId}
              onTogglePicker={() => onOpenPicker(openPicker === pickerId ? null : pickerId)}
              dispatch={dispatch}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}

/** One playlist of the wizard: its name, its criteria (alternatives), what it leaves out, its arrangement. */
export function PlaylistCard({ playlist, position, openPicker, onOpenPicker, dispatch }: PlaylistCardProps) {
  const sentence = ruleSentence(playlist);
  const hasFilter = playlist.criteria.some((criterion) => filterCount(criterion) > 0);
  const preview = useRulePreview(toPreview(playlist), hasFilter);
  const editing = playlist.id !== undefined;
  return (
    <Box
      p={{ base: "4", md: "6" }}
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="border"
      bg="bg.panel"
      data-testid="playlist-draft"
      data-position={position}
    >
      <Stack gap="5">
        <HStack justify="space-between" align="start" gap="3">
          <Text as="h3" textStyle="lg" fontWeight="bold">
            {editing ? "Edit playlist" : `Playlist ${position}`}
          </Text>
          {editing ? null : (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => dispatch({ type: "removePlaylist", key: playlist.key })}
              data-testid="remove-playlist"
            >
              <X />
              Remove playlist
            </Button>
          )}
        </HStack>

        <Field.Root>
          <Field.Label>Name</Field.Label>
          <Input
            value={playlist.playlistName}
            onChange={(event) => dispatch({ type: "rename", key: playlist.key, typed: event.target.value })}
            placeholder="e.g. Danish Indie from the 90s"
            maxLength={limits.combinationNameMax}
            borderRadius="lg"
            data-testid="playlist-name"
          />
          <Field.HelperText>
            Up to {limits.combinationNameMax} letters, digits and spaces ({playlist.playlistName.length}/
            {limits.combinationNameMax}).
          </Field.HelperText>
        </Field.Root>

        <Stack gap="2">
          <Text fontWeight="semibold">Criteria</Text>
          <Text textStyle="sm" color="fg.muted">
            A song belongs to this playlist when it matches at least one criterion, and it matches a criterion
            when it fits all of its filters.
          </Text>
        </Stack>

        <CriterionList
          playlist={playlist}
          list="criteria"
          openPicker={openPicker}
          onOpenPicker={onOpenPicker}
          dispatch={dispatch}
        />

        <Stack gap="2">
          <Text fontWeight="semibold">Leave out</Text>
          <Text textStyle="sm" color="fg.muted">
            A song that matches one of these is left out, even when it matches a criterion above.
          </Text>
        </Stack>
        <CriterionList
          playlist={playlist}
          list="except"
          openPicker={openPicker}
          onOpenPicker={onOpenPicker}
          dispatch={dispatch}
        />

        <RuleArrangement draft={playlist} dispatch={dispatch} />

        <RulePreviewPanel sentence={sentence} state={preview} />
      </Stack>
    </Box>
  );
}
