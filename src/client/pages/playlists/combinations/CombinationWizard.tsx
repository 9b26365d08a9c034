import { Alert, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Check, Plus, Sparkles } from "lucide-react";
import { useEffect, useReducer, useState } from "react";
import { useLocation } from "wouter";
import { validateDrafts } from "../../../../shared/combinations/schema.ts";
import { messages } from "../../../../shared/errors.ts";
import { limits } from "../../../../shared/limits.ts";
import type { CombinatorialPreference } from "../../../../shared/schemas/distribution.ts";
import { errorCodeOf } from "../../../api/errors.ts";
import { trpc } from "../../../api/trpc.ts";
import { ErrorText } from "../../../components/ErrorText.tsx";
import { toaster } from "../../../components/Toaster.tsx";
import { cancelAnalysisInProgress } from "../../../hooks/useAnalysis.ts";
import { PlaylistCard } from "./PlaylistCard.tsx";
import { toRequest, toUpdate } from "./rule-request.ts";
import { saveCreatedCombinations } from "./storage.ts";
import { editingWizard, initialWizard, wizardReducer } from "./wizard.ts";

/**
 * Define combination playlists and create them (spec §4 'Combination wizard'), or edit one stored rule. The
 * create (or save) button does nothing while a request is in flight; an analysis still running is cancelled
 * first; a creation goes to the created page, a saved edit back to the table while the playlist follows.
 */
export function CombinationWizard({
  storedCount,
  featuresUnavailable,
  editing,
  onDone,
}: {
  storedCount: number;
  /** Spotify refuses audio features: no song has a mood, so a mood filter matches nothing for now */
  featuresUnavailable: boolean;
  /** the stored rule to edit; absent: new playlists */
  editing?: CombinatorialPreference;
  /** the edit was saved or given up */
  onDone?: () => void;
}) {
  const [, navigate] = useLocation();
  const [state, dispatch] = useReducer(wizardReducer, editing, (rule) =>
    rule ? editingWizard(rule) : initialWizard(),
  );
  const [openPicker, setOpenPicker] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const utils = trpc.useUtils();
  const create = trpc.combinations.create.useMutation();
  const update = trpc.combinations.update.useMutation();
  const cancelAnalysis = trpc.distribution.cancelAnalysis.useMutation();
  const room = limits.maxCombinations - storedCount - state.playlists.length;
  // a stored rule names artists and playlists by id: their names, from the listener's own likes and playlists
  const editedKey = editing ? state.playlists[0]?.key : undefined;
  const names = trpc.combinations.names.useQuery(
    { id: editing?.combinatorialPlaylistPreferenceId ?? "" },
    { enabled: editing !== undefined, staleTime: 60_000 },
  );
  useEffect(() => {
    if (names.data && editedKey !== undefined)
      dispatch({ type: "learnNames", key: editedKey, ...names.data });
  }, [names.data, editedKey]);

  const submit = async () => {
    if (submitting) return;
    const combinations = toRequest(state);
    // an edit takes no more room: the rule is counted among the stored ones already
    const found = validateDrafts(combinations, editing ? storedCount - 1 : storedCount);
    setProblem(found);
    setErrorCode(null);
    if (found) return;
    setSubmitting(true);
    try {
      await cancelAnalysisInProgress({
        cancel: cancelAnalysis.mutateAsync,
        results: (input) => utils.distribution.analysisResults.fetch(input, { staleTime: 0 }),
      });
      const [draft] = state.playlists;
      if (editing && draft) {
        const sent = toUpdate({ ...draft, id: editing.combinatorialPlaylistPreferenceId });
        await update.mutateAsync(sent);
        toaster.create({ type: "success", title: `${sent.playlistName} is being updated in Spotify.` });
        await utils.distribution.listenerPreferences.invalidate();
        await utils.combinations.names.invalidate();
        onDone?.();
        return;
      }
      const answer = await create.mutateAsync({ combinations });
      saveCreatedCombinations(
        answer.distributionProgressId,
        combinations.map((combination) => combination.playlistName),
      );
      await utils.distribution.listenerPreferences.invalidate();
      const query = new URLSearchParams({ distributionProgressId: answer.distributionProgressId });
      navigate(`/playlists/combinations/success?${query}`);
    } catch (error) {
      setErrorCode(errorCodeOf(error));
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="5" data-testid="combination-wizard">
      {featuresUnavailable ? (
        <Alert.Root status="info" borderRadius="lg" data-testid="moods-unavailable">
          <Alert.Indicator />
          <Alert.Title fontWeight="medium">
            Spotify does not share the audio features of songs with Crate at the moment, so no song has a mood
            yet: a criterion with a mood matches no song for now.
          </Alert.Title>
        </Alert.Root>
      ) : null}
      {state.playlists.map((playlist, index) => (
        <PlaylistCard
          key={playlist.key}
          playlist={playlist}
          position={index + 1}
          openPicker={openPicker}
          onOpenPicker={setOpenPicker}
          dispatch={(action) => {
            // what was said about the drafts as they were (a used name, a missing part) no longer holds
            setProblem(null);
            setErrorCode(null);
            dispatch(action);
          }}
        />
      ))}
      {state.playlists.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="4">
          No playlist yet. Add one to define it.
        </Text>
      ) : null}

      <HStack gap="3" flexWrap="wrap" justify="space-between">
        {editing ? (
          <Button variant="outline" borderRadius="full" onClick={onDone} data-testid="cancel-edit">
            Cancel
          </Button>
        ) : (
          <Button
            variant="outline"
            borderRadius="full"
            onClick={() => {
              setProblem(room > 0 ? null : messages.noMoreRoom);
              if (room > 0) dispatch({ type: "addPlaylist" });
            }}
            data-testid="add-playlist"
          >
            <Plus />
            Add playlist
          </Button>
        )}
        <Button
          colorPalette="brand"
          size="lg"
          borderRadius="full"
          px="7"
          onClick={() => void submit()}
          loading={submitting}
          loadingText={editing ? "Saving" : "Creating"}
          data-testid={editing ? "save-rule" : "create-combinations"}
        >
          {editing ? <Check /> : <Sparkles />}
          {editing ? "Save changes" : state.playlists.length > 1 ? "Create playlists" : "Create playlist"}
        </Button>
      </HStack>
      {problem ? (
        <Alert.Root status="warning" borderRadius="lg" data-testid="wizard-problem">
          <Alert.Indicator />
          <Alert.Title fontWeight="medium">{problem}</Alert.Title>
        </Alert.Root>
      ) : null}
      {errorCode !== null ? <ErrorText code={errorCode} /> : null}
    </Stack>
  );
}
