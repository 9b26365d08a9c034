import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { Hourglass } from "lucide-react";
import { useState } from "react";
import { trpc } from "../../api/trpc.ts";
import { DistributionProgress } from "../../components/DistributionProgress.tsx";
import { isPolling, useDistributionProgress } from "../../hooks/useDistributionProgress.ts";
import { unlessRendered } from "../../lib/rendered-data.ts";
import { readSession, storageKeys } from "../../lib/session-storage.ts";

/**
 * 'Songs are being added' (spec §2): shown while a distribution is unfinished, the one the server reports as
 * running or else the latest of this browser session. It appears only once the server answered, so a finished
 * one never flashes.
 */
export function RunningDistribution() {
  const [stored] = useState(() => readSession(storageKeys.latestDistributionProgressId));
  const preferences = trpc.distribution.listenerPreferences.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: unlessRendered(true),
  });
  const progressId = preferences.data?.runningDistributionProgressId ?? stored;
  const progress = useDistributionProgress(progressId);
  if (!progressId || progress.ticks === 0 || !isPolling(progress)) return null;
  return (
    <Box
      mb={{ base: "6", md: "8" }}
      p={{ base: "5", md: "6" }}
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="brand.border/40"
      bg="brand.subtle/40"
      data-testid="running-distribution"
    >
      <Stack gap="4">
        <HStack gap="3" align="start">
          <Box color="brand.fg" mt="0.5">
            <Hourglass size={20} aria-hidden />
          </Box>
          <Stack gap="1">
            <Text fontWeight="bold">Songs are being added</Text>
            <Text textStyle="sm" color="fg.muted">
              Your liked songs are being added to your playlists in Spotify. Please wait until this is
              finished before changing your playlists.
            </Text>
          </Stack>
        </HStack>
        <DistributionProgress progress={progress} />
      </Stack>
    </Box>
  );
}
