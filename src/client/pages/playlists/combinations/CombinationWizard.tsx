import { Alert, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Plus, Sparkles } from "lucide-react";
import { useReducer, useState } from "react";
import { useLocation } from "wouter";
import { validateDrafts } from "../../../../shared/combinations/schema.ts";
import { messages } from "../../../../shared/errors.ts";
import { limits } from "../../../../shared/limits.ts";
import { errorCodeOf } from "../../../api/errors.ts";
import { trpc } from "../../../api/trpc.ts";
import { ErrorText } from "../../../components/ErrorText.tsx";
import { cancelAnalysisInProgress } from "../../../hooks/useAnalysis.ts";
import { PlaylistCard } from "./PlaylistCard.tsx";
import { saveCreatedCombinations } from "./storage.ts";
import { initialWizard, toRequest, wizardReducer } from "./wizard.ts";

/**
 * Define combination playlists and create them (spec §4 'Combination wizard'). The create button does nothing
 * while a request is in flight; an analysis still running is cancelled first; success goes to the created page.
 */
export function CombinationWizard({
  storedCount,
  featuresUnavailable,
}: {
  storedCount: number;
  /** Spotify refuses audio features: no song has a mood, so a mood filter matches nothing for now */
  featuresUnavailable: boolean;
}) {
  const [, navigate] = useLocation();
  const [state, dispatch] = useReducer(wizardReducer, undefined, initialWizard);
  const [openPicker, setOpenPicker] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const utils = trpc.useUtils();
  const create = trpc.combinations.create.useMutation();
  const cancelAnalysis = trpc.distribution.cancelAnalysis.useMutation();
  const room = limits.maxCombinations - storedCount - state.playlists.length;

  const submit = async () => {
    if (submitting) return;
    const combinations = toRequest(state);
    const found = validateDrafts(combinations, storedCount);
    setProblem(found);
    setErrorCode(null);
    if (found) return;
    setSubmitting(true);
    try {
      await cancelAnalysisInProgress({
        cancel: cancelAnalysis.mutateAsync,
        results: (input) => utils.distribution.analysisResults.fetch(input, { staleTime: 0 }),
      });
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
        <Button
          colorPalette="brand"
          size="lg"
          borderRadius="full"
          px="7"
          onClick={() => void submit()}
          loading={submitting}
          loadingText="Creating"
          data-testid="create-combinations"
        >
          <Sparkles />
          {state.playlists.length > 1 ? "Create playlists" : "Create playlist"}
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
