import { Center, HStack, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, Crown, ListMusic, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { compareNames } from "../../../shared/catalogue/index.ts";
import { limits } from "../../../shared/limits.ts";
import { hasUnlimitedPlaylists } from "../../../shared/membership.ts";
import { Layout } from "../../components/Layout.tsx";
import { LoginPrompt } from "../../components/LoginPrompt.tsx";
import { AppLink, LinkButton } from "../../components/RouterLink.tsx";
import { isPolling, useDistributionProgress } from "../../hooks/useDistributionProgress.ts";
import { useSession } from "../../hooks/useSession.ts";
import { readNameList, readNumber, storageKeys, writeSession } from "../../lib/session-storage.ts";
import { CreatedNameList, HintLine, ProgressPanel } from "./CreatedPlaylistsSummary.tsx";
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
        <Text fontWeight="bold">
          Only your latest {limits.freeConsideredSongs} liked songs were considered
        </Text>
        <Text textStyle="sm" color="fg.muted">
          You have {likes} liked songs. Upgrade to Premium so your whole library is considered and every song
          finds its playlists.
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
  const session = useSession();
  const progressId = new URLSearchParams(useSearch()).get("distributionProgressId");
  const [stored] = useState(() => ({
    created: progressId ? readNameList(storageKeys.created(progressId)).sort(compareNames) : [],
    removed: progressId ? readNameList(storageKeys.removed(progressId)).sort(compareNames) : [],
    likes: progressId ? readNumber(storageKeys.numberOfLikedSongs(progressId)) : null,
  }));
  useEffect(() => {
    if (progressId) writeSession(storageKeys.latestDistributionProgressId, progressId);
  }, [progressId]);
  const progress = useDistributionProgress(session.status === "loggedIn" ? progressId : null);
  const done = !isPolling(progress);
  // A library not read before the request counts 0 likes at first; the run's count replaces it once known.
  const likes = Math.max(stored.likes ?? 0, progress.totalNumberOfLikedSongs ?? 0);
  useEffect(() => {
    if (progressId && likes > (stored.likes ?? 0)) {
      writeSession(storageKeys.numberOfLikedSongs(progressId), String(likes));
    }
  }, [progressId, likes, stored.likes]);
  const showUpgrade = !hasUnlimitedPlaylists(session.membershipLevel) && likes > limits.upgradePromptLikes;

  if (session.status !== "loggedIn") {
    return (
      <Layout width="normal" heading={{ title: "Playlists updated" }}>
        <LoginPrompt text="Please sign in to see your playlists." />
      </Layout>
    );
  }

  return (
    <Layout
      width="normal"
      heading={{
        eyebrow: "Your playlists",
        title: done ? "Playlists updated" : "Updating your playlists",
        subtitle: done
          ? "Your liked songs have been added to your playlists in Spotify."
          : "Your liked songs are being added to your playlists in Spotify. This can take a few minutes for a large library.",
      }}
    >
      <Stack gap={{ base: "6", md: "8" }}>
        <ProgressPanel progressId={progressId} progress={progress} />

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

        <Stack gap="3" textStyle="sm" color="fg.muted">
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
        </Stack>
      </Stack>
    </Layout>
  );
}
