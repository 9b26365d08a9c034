import { Center, HStack, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, Crown, ListMusic, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { compareNames } from "../../../shared/catalogue/index.ts";
import { freePlanTexts } from "../../../shared/free-plan.ts";
import { limits } from "../../../shared/limits.ts";
import { hasUnlimitedPlaylists } from "../../../shared/membership.ts";
import {
  CreatedNameList,
  DistributionOutcomeLayout,
  HintLine,
  useFollowedDistribution,
} from "../../components/DistributionOutcome.tsx";
import { AppLink, LinkButton } from "../../components/RouterLink.tsx";
import { isPolling } from "../../hooks/useDistributionProgress.ts";
import { readNameList, readNumber, storageKeys, writeSession } from "../../lib/session-storage.ts";
import { RunPlaylistsList } from "./overview/RunPlaylistsList.tsx";

function UpgradePrompt({ likes }: { likes: number }) {
  return (
    <HStack
      gap="4"
      align="start"
      p={{ base: "5", md: "6" }}
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="purple.500/40"
      bg="purple.subtle/50"
      data-testid="upgrade-prompt"
    >
      <Center boxSize="10" borderRadius="xl" bg="purple.subtle" color="purple.fg" flexShrink="0">
        <Crown size={20} aria-hidden />
      </Center>
      <Stack gap="3">
        <Text fontWeight="bold">{freePlanTexts.consideredTitle}</Text>
        <Text textStyle="sm" color="fg.muted">
          {freePlanTexts.consideredBody(likes)}
        </Text>
        <LinkButton href="/plans" colorPalette="brand" size="sm" borderRadius="full" alignSelf="start">
          Upgrade to Premium
        </LinkButton>
      </Stack>
    </HStack>
  );
}

/**
 * `/playlists/distribution-success?distributionProgressId=`: the progress of a distribution, then the names
 * of the playlists it created (spec §2 'Playlists-created page').
 */
export function DistributionSuccessPage() {
  const { session, progressId, progress } = useFollowedDistribution();
  const [stored] = useState(() => ({
    created: progressId ? readNameList(storageKeys.created(progressId)).sort(compareNames) : [],
    removed: progressId ? readNameList(storageKeys.removed(progressId)).sort(compareNames) : [],
    likes: progressId ? readNumber(storageKeys.numberOfLikedSongs(progressId)) : null,
  }));
  useEffect(() => {
    if (progressId) writeSession(storageKeys.latestDistributionProgressId, progressId);
  }, [progressId]);
  const done = !isPolling(progress);
  // A library not read before the request counts 0 likes at first; the run's count replaces it once known.
  const likes = Math.max(stored.likes ?? 0, progress.totalNumberOfLikedSongs ?? 0);
  useEffect(() => {
    if (progressId && likes > (stored.likes ?? 0)) {
      writeSession(storageKeys.numberOfLikedSongs(progressId), String(likes));
    }
  }, [progressId, likes, stored.likes]);
  const showUpgrade = !hasUnlimitedPlaylists(session.membershipLevel) && likes > limits.upgradePromptLikes;

  return (
    <DistributionOutcomeLayout
      signedIn={session.status === "loggedIn"}
      signedOutTitle="Playlists updated"
      heading={{
        eyebrow: "Your playlists",
        title: done ? "Playlists updated" : "Updating your playlists",
        subtitle: done
          ? "Your liked songs have been added to your playlists in Spotify."
          : "Your liked songs are being added to your playlists in Spotify. This can take a few minutes for a large library.",
      }}
      progressId={progressId}
      progress={progress}
      hints={
        <>
          <HintLine icon={ArrowLeft} testId="back-to-playlists">
            Want to change something? Go back to{" "}
            <AppLink href="/playlists" color="brand.fg" fontWeight="semibold">
              your playlists
            </AppLink>{" "}
            to choose other playlists.
          </HintLine>
          <HintLine icon={RefreshCw} testId="restart-hint">
            New playlists may only show up in Spotify after you restart the Spotify app.
          </HintLine>
        </>
      }
    >
      {done && progressId ? <RunPlaylistsList progressId={progressId} /> : null}

      {done ? (
        <Stack gap="4" data-testid="distribution-outcome">
          {stored.created.length > 0 ? (
            <>
              <Text as="h2" textStyle="xl" fontWeight="bold">
                {stored.created.length === 1
                  ? "Your new playlist"
                  : `Your ${stored.created.length} new playlists`}
              </Text>
              <CreatedNameList
                names={stored.created}
                icon={ListMusic}
                testId="created-playlists"
                gridTemplateColumns={{ base: "1fr", sm: "1fr 1fr" }}
              />
            </>
          ) : (
            <Text color="fg.muted">No new playlists were added; your other changes are saved.</Text>
          )}
          {stored.removed.length > 0 ? (
            <Stack gap="2">
              <Text textStyle="sm" fontWeight="semibold" color="fg.muted">
                No longer updated (they stay in Spotify until you delete them)
              </Text>
              <Text textStyle="sm" color="fg.subtle" data-testid="removed-playlists">
                {stored.removed.join(", ")}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      ) : null}

      {showUpgrade ? <UpgradePrompt likes={likes} /> : null}
    </DistributionOutcomeLayout>
  );
}
