import { Box, Button, Field, HStack, Input, Separator, Stack, Text } from "@chakra-ui/react";
import { X } from "lucide-react";
import { describeCriteria } from "../../../../shared/combinations/definition.ts";
import { limits } from "../../../../shared/limits.ts";
import { CriterionCard } from "./CriterionCard.tsx";
import type { PlaylistDraft, WizardAction } from "./wizard.ts";

export interface PlaylistCardProps {
  playlist: PlaylistDraft;
  position: number;
  /** "key:criterionIndex" of the criterion whose genre list is open, if any */
  openPicker: string | null;
  onOpenPicker: (id: string | null) => void;
  dispatch: (action: WizardAction) => void;
}

/** One playlist of the wizard: its name and its criteria, which are alternatives. */
export function PlaylistCard({ playlist, position, openPicker, onOpenPicker, dispatch }: PlaylistCardProps) {
  const definition = describeCriteria(playlist.criteria);
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
            Playlist {position}
          </Text>
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

        <Stack gap="2">
          {playlist.criteria.map((criterion, index) => {
            const pickerId = `${playlist.key}:${index}`;
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
                  index={index}
                  criterion={criterion}
                  isLast={index === playlist.criteria.length - 1}
                  pickerOpen={openPicker === pickerId}
                  onTogglePicker={() => onOpenPicker(openPicker === pickerId ? null : pickerId)}
                  dispatch={dispatch}
                />
              </Stack>
            );
          })}
        </Stack>

        {definition ? (
          <Box px="4" py="3" borderRadius="lg" bg="brand.subtle/50" data-testid="draft-definition">
            <Text textStyle="xs" color="fg.muted" fontWeight="semibold" textTransform="uppercase">
              Definition
            </Text>
            <Text textStyle="sm">{definition}</Text>
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}
