import { Box, Button, HStack, List, Stack, Switch, Text } from "@chakra-ui/react";
import { BarChart3, CircleCheck } from "lucide-react";
import { ErrorText } from "../../../components/ErrorText.tsx";
import { type AnalysisState, analysisHasStarted } from "../../../hooks/useAnalysis.ts";

function statusText(state: AnalysisState): string | null {
  const counted = Object.keys(state.counts).length;
  switch (state.status) {
    case "starting":
      return "Starting the analysis…";
    case "started":
      return counted > 0
        ? `Counting your liked songs… ${counted} playlists counted so far.`
        : "Counting your liked songs…";
    case "completed":
      return "Done. The number of songs is shown next to each playlist.";
    case "failed":
      return "The analysis results could not be loaded.";
    default:
      return null;
  }
}

/** 'Analyse songs per playlist': starts an analysis, tells how it goes, and offers hiding empty subgenres. */
export function AnalysisPanel({
  state,
  onStart,
  hideEmpty,
  onHideEmptyChange,
}: {
  state: AnalysisState;
  onStart: () => void;
  hideEmpty: boolean;
  onHideEmptyChange: (hide: boolean) => void;
}) {
  const running = state.status === "starting" || state.status === "started";
  const text = statusText(state);
  return (
    <Box p={{ base: "5", md: "6" }} borderRadius="2xl" borderWidth="1px" borderColor="border" bg="bg.panel">
      <Stack gap="4">
        <Stack gap="1">
          <HStack gap="2">
            <BarChart3 size={18} aria-hidden />
            <Text fontWeight="bold">Songs per playlist</Text>
          </HStack>
          <Text textStyle="sm" color="fg.muted">
            See how many of your liked songs each playlist would hold before you choose.
          </Text>
        </Stack>
        <Button
          variant="outline"
          borderRadius="full"
          onClick={onStart}
          loading={running}
          loadingText="Analysing songs"
          disabled={
            state.status === "completed" || state.status === "cancelling" || state.status === "cancelled"
          }
          data-testid="analyse-button"
        >
          Analyse songs per playlist
        </Button>
        {text ? (
          <HStack
            gap="2"
            textStyle="sm"
            color={state.status === "failed" ? "fg.error" : "fg.muted"}
            aria-live="polite"
          >
            {state.status === "completed" ? (
              <Box color="green.fg">
                <CircleCheck size={16} aria-hidden />
              </Box>
            ) : null}
            <Text data-testid="analysis-status" data-status={state.status}>
              {text}
            </Text>
          </HStack>
        ) : null}
        {state.errorCode !== null ? <ErrorText code={state.errorCode} /> : null}
        {analysisHasStarted(state) && state.coverage && state.coverage.songs > 0 ? (
          // the counts of these groups rest on what the metadata sources know so far
          <List.Root variant="plain" gap="1" textStyle="sm" color="fg.muted" data-testid="analysis-coverage">
            {state.coverage.groups.map((group) => (
              <List.Item key={group.group} data-testid={`analysis-coverage-${group.group}`}>
                {group.text}
              </List.Item>
            ))}
          </List.Root>
        ) : null}
        {analysisHasStarted(state) ? (
          <Switch.Root
            checked={hideEmpty}
            onCheckedChange={(details) => onHideEmptyChange(details.checked)}
            colorPalette="brand"
            data-testid="hide-empty-subgenres"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label textStyle="sm">Hide subgenres without songs</Switch.Label>
          </Switch.Root>
        ) : null}
      </Stack>
    </Box>
  );
}
