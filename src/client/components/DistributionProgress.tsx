import { Alert, Box, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { messages } from "../../shared/errors.ts";
import { spotifyPauseText } from "../../shared/spotify-access.ts";
import { type ProgressEntry, type ProgressState, progressLabel } from "../hooks/useDistributionProgress.ts";

const DOT_MS = 400;

/** 'Loading progress' followed by one to three dots that keep cycling. */
function LoadingProgress() {
  const [dots, setDots] = useState(1);
  useEffect(() => {
    const timer = setInterval(() => setDots((count) => (count % 3) + 1), DOT_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text as="span">
      Loading progress
      <Box as="span" display="inline-block" w="1.2em" textAlign="start" aria-hidden>
        {".".repeat(dots)}
      </Box>
    </Text>
  );
}

function Bar({
  value,
  max,
  finished,
  label,
}: {
  value: number | null;
  max: number;
  finished: boolean;
  label: string;
}) {
  return (
    <Progress.Root
      value={value}
      max={max > 0 ? max : 1}
      size="md"
      colorPalette={finished ? "green" : "brand"}
      striped={!finished}
      animated={!finished}
      aria-label={label}
    >
      <Progress.Track borderRadius="full" bg="bg.emphasized">
        <Progress.Range borderRadius="full" transition="width 0.6s ease" />
      </Progress.Track>
    </Progress.Root>
  );
}

/** 'Loading progress' with an indeterminate bar: no entry yet, or an entry whose total is not known yet. */
function LoadingRow() {
  return (
    <Stack gap="2" data-testid="progress-loading">
      <Text textStyle="sm" fontWeight="medium" color="fg.muted">
        <LoadingProgress />
      </Text>
      <Bar value={null} max={1} finished={false} label="Loading progress" />
    </Stack>
  );
}

function EntryRow({ entry, finished }: { entry: ProgressEntry; finished: boolean }) {
  if (entry.completedWork < 0) {
    return (
      <Alert.Root status="error" borderRadius="lg" data-testid="progress-failure">
        <Alert.Indicator />
        <Alert.Title fontWeight="medium">{messages.progressFailure}</Alert.Title>
      </Alert.Root>
    );
  }
  // no total yet: the run is still reading the library
  if (entry.totalWork === 0 && !finished) return <LoadingRow />;
  const label = progressLabel(entry);
  const done = finished || (entry.totalWork > 0 && entry.completedWork >= entry.totalWork);
  return (
    <Stack gap="2" data-testid="progress-entry" data-type={entry.distributionType}>
      <HStack justify="space-between" textStyle="sm">
        <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
          {label}
        </Text>
        {done ? (
          <HStack gap="1" color="green.fg">
            <CircleCheck size={16} aria-hidden />
            <Text>Done</Text>
          </HStack>
        ) : null}
      </HStack>
      <Bar value={entry.completedWork} max={entry.totalWork} finished={done} label={label} />
    </Stack>
  );
}

/**
 * The progress bar of a distribution (spec §4 'Progress polling'), drawn from `useDistributionProgress`:
 * 'Loading progress' until entries arrive, one bar per entry, the failure text for an entry at -1 and
 * 'Loading failed' once polling gave up.
 */
export function DistributionProgress({ progress }: { progress: ProgressState }) {
  const { phase, entries } = progress;
  const finished = phase === "finished";
  return (
    <Stack gap="4" data-testid="distribution-progress" data-phase={phase} aria-live="polite">
      {progress.paused ? (
        <Alert.Root status="info" borderRadius="lg" data-testid="progress-paused">
          <Alert.Indicator />
          <Alert.Title fontWeight="medium">{spotifyPauseText(progress.paused)}</Alert.Title>
        </Alert.Root>
      ) : null}
      {phase === "loading" ? <LoadingRow /> : null}
      {entries.map((entry, index) => (
        <EntryRow
          // entries are positional: the server lists them in the same order on every poll
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={`${entry.distributionType}-${index}`}
          entry={entry}
          finished={finished}
        />
      ))}
      {finished && entries.length === 0 ? (
        <Stack gap="2">
          <HStack gap="1.5" textStyle="sm" color="green.fg" fontWeight="medium">
            <CircleCheck size={16} aria-hidden />
            <Text>Done</Text>
          </HStack>
          <Bar value={1} max={1} finished label="Done" />
        </Stack>
      ) : null}
      {phase === "failed" ? (
        <Alert.Root status="warning" borderRadius="lg" data-testid="progress-loading-failed">
          <Alert.Indicator />
          <Alert.Title fontWeight="medium">Loading failed</Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
