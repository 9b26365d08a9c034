import { Box, Checkbox, IconButton, Stack, Table, Text } from "@chakra-ui/react";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { compileCombination } from "../../../../shared/combinations/compile.ts";
import { describeCriteria } from "../../../../shared/combinations/definition.ts";
import { messages, textForErrorCode } from "../../../../shared/errors.ts";
import { type PlaylistFailure, playlistFailureTexts } from "../../../../shared/playlist-failures.ts";
import { describeRule } from "../../../../shared/rules/describe.ts";
import type { CombinatorialPreference } from "../../../../shared/schemas/distribution.ts";
import { errorCodeOf } from "../../../api/errors.ts";
import { trpc } from "../../../api/trpc.ts";
import { DeletePlaylistDialog } from "../../../components/ConfirmDialog.tsx";
import { toaster } from "../../../components/Toaster.tsx";
import { hideDeleteConfirmation, isDeleteConfirmationHidden } from "./storage.ts";

/** A rule with more than the spec's parts: its whole sentence goes under the definition. */
function beyondTheSpec(rule: CombinatorialPreference): boolean {
  const further = rule.criteria.some(
    (c) => c.subgenres || c.years || c.tempo || c.liked || c.artists || c.inPlaylist,
  );
  return (
    further ||
    rule.except.length > 0 ||
    rule.order !== "liked" ||
    rule.limit !== null ||
    rule.unliked !== "keep"
  );
}

/** A rule naming artists or a playlist of the listener's, by id. */
const namesSomething = (rule: CombinatorialPreference) =>
  [...rule.criteria, ...rule.except].some((c) => (c.artists ?? []).length > 0 || c.inPlaylist);

export const notDeletedText = "This playlist was not deleted correctly. Please delete it again.";

/**
 * The user's combination playlists: Name, Definition, Edit, Delete (spec §2, and the contract's "Rules"). Deleting asks first unless the listener
 * chose not to be asked again (a local-storage flag); a deleted row leaves the table once the server accepted.
 */
export function CombinationsTable({
  combinations,
  vanishedIds,
  failedIds,
  onEdit,
}: {
  combinations: CombinatorialPreference[];
  /** opens the rule in the wizard; absent for a listener who may not edit rules */
  onEdit?: (combination: CombinatorialPreference) => void;
  /** combinations whose playlist the listener deleted in Spotify */
  vanishedIds: ReadonlySet<string>;
  /** combination id → why Spotify refused its playlist for good */
  failedIds?: ReadonlyMap<string, PlaylistFailure>;
}) {
  const utils = trpc.useUtils();
  // rules name artists and playlists by id: their names, from the listener's own likes and playlists
  const named = trpc.combinations.names.useQuery(
    {},
    { enabled: onEdit !== undefined && combinations.some(namesSomething), staleTime: 30_000 },
  );
  const names = {
    artists: new Map(Object.entries(named.data?.artists ?? {})),
    playlists: new Map(Object.entries(named.data?.playlists ?? {})),
  };
  const deletion = trpc.combinations.delete.useMutation();
  const [confirming, setConfirming] = useState<CombinatorialPreference | null>(null);
  const [skipFromNowOn, setSkipFromNowOn] = useState(false);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const rows = combinations.filter((c) => !deleted.has(c.combinatorialPlaylistPreferenceId));

  const remove = (combination: CombinatorialPreference) => {
    const id = combination.combinatorialPlaylistPreferenceId;
    deletion.mutate(
      { id },
      {
        onSuccess: () => {
          setDeleted((current) => new Set([...current, id]));
          setConfirming(null);
          toaster.create({ type: "success", title: `${combination.playlistName} is being deleted.` });
          void utils.distribution.listenerPreferences.invalidate();
        },
        onError: (error) => {
          setConfirming(null);
          toaster.create({ type: "error", title: textForErrorCode(errorCodeOf(error)) });
        },
      },
    );
  };

  const askOrDelete = (combination: CombinatorialPreference) => {
    if (deletion.isPending) return;
    if (isDeleteConfirmationHidden()) remove(combination);
    else {
      setSkipFromNowOn(false);
      setConfirming(combination);
    }
  };

  if (rows.length === 0) return null;
  return (
    <Stack gap="3" data-testid="combinations-table">
      <Text as="h2" textStyle="xl" fontWeight="bold">
        Your combination playlists
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="2xl" bg="bg.panel">
        <Table.Root size={{ base: "sm", md: "md" }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>Definition</Table.ColumnHeader>
              {onEdit ? (
                <Table.ColumnHeader textAlign="end" w="12" px="1">
                  Edit
                </Table.ColumnHeader>
              ) : null}
              <Table.ColumnHeader textAlign="end" w="16">
                Delete
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((combination) => (
              <Table.Row
                key={combination.combinatorialPlaylistPreferenceId}
                data-testid="combination-row"
                data-name={combination.playlistName}
                data-active={combination.active ? "true" : "false"}
              >
                {/* a name breaks between its words or at a hyphen (not "Favourit|es" on a phone); one longer
                    than the column scrolls the table, never the page */}
                <Table.Cell
                  fontWeight="semibold"
                  verticalAlign="top"
                  whiteSpace="normal"
                  overflowWrap="break-word"
                  hyphens="auto"
                >
                  {combination.playlistName}
                </Table.Cell>
                <Table.Cell verticalAlign="top" whiteSpace="normal" overflowWrap="anywhere">
                  <Text textStyle="sm" data-testid="combination-definition">
                    {describeCriteria(combination.criteria)}
                  </Text>
                  {beyondTheSpec(combination) ? (
                    <Text textStyle="sm" color="fg.muted" data-testid="combination-rule">
                      {describeRule(compileCombination(combination, names))}
                    </Text>
                  ) : null}
                  {combination.active ? null : (
                    <Text textStyle="sm" color="fg.error" mt="1" data-testid="not-deleted">
                      {notDeletedText}
                    </Text>
                  )}
                  {combination.active && vanishedIds.has(combination.combinatorialPlaylistPreferenceId) ? (
                    <Text textStyle="sm" color="fg.warning" mt="1" data-testid="combination-vanished">
                      {messages.combinationPlaylistVanished}
                    </Text>
                  ) : null}
                  {combination.active && failedIds?.has(combination.combinatorialPlaylistPreferenceId) ? (
                    <Text textStyle="sm" color="fg.warning" mt="1" data-testid="combination-failed">
                      {
                        playlistFailureTexts[
                          failedIds.get(combination.combinatorialPlaylistPreferenceId) ?? "refused"
                        ]
                      }
                    </Text>
                  ) : null}
                </Table.Cell>
                {onEdit ? (
                  <Table.Cell textAlign="end" verticalAlign="top" px="1">
                    <IconButton
                      aria-label={`Edit ${combination.playlistName}`}
                      size="sm"
                      variant="ghost"
                      disabled={!combination.active}
                      onClick={() => onEdit(combination)}
                      data-testid="edit-combination"
                    >
                      <Pencil />
                    </IconButton>
                  </Table.Cell>
                ) : null}
                <Table.Cell textAlign="end" verticalAlign="top">
                  <IconButton
                    aria-label={`Delete ${combination.playlistName}`}
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    loading={
                      deletion.isPending &&
                      deletion.variables?.id === combination.combinatorialPlaylistPreferenceId
                    }
                    onClick={() => askOrDelete(combination)}
                    data-testid="delete-combination"
                  >
                    <Trash2 />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>

      <DeletePlaylistDialog
        name={confirming?.playlistName ?? null}
        pending={deletion.isPending}
        onConfirm={() => {
          if (!confirming) return;
          if (skipFromNowOn) hideDeleteConfirmation();
          remove(confirming);
        }}
        onCancel={() => setConfirming(null)}
      >
        <Box mt="4">
          <Checkbox.Root
            checked={skipFromNowOn}
            onCheckedChange={(details) => setSkipFromNowOn(details.checked === true)}
            colorPalette="brand"
            data-testid="skip-delete-confirmation"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Don't ask me again</Checkbox.Label>
          </Checkbox.Root>
        </Box>
      </DeletePlaylistDialog>
    </Stack>
  );
}
