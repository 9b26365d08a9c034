import { Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, Blend, Info } from "lucide-react";
import { useState } from "react";
import { useSearch } from "wouter";
import { compareNames } from "../../../../shared/catalogue/index.ts";
import { Layout } from "../../../components/Layout.tsx";
import { LoginPrompt } from "../../../components/LoginPrompt.tsx";
import { AppLink } from "../../../components/RouterLink.tsx";
import { useDistributionProgress } from "../../../hooks/useDistributionProgress.ts";
import { useSession } from "../../../hooks/useSession.ts";
import { CreatedNameList, HintLine, ProgressPanel } from "../CreatedPlaylistsSummary.tsx";
import { readCreatedCombinations } from "./storage.ts";

/** 'has been created' or 'have been created', by count (spec §2 'Combination-playlists-created page'). */
export function createdText(count: number): string {
  return count === 1
    ? "Your combination playlist has been created and will be kept up to date:"
    : "Your combination playlists have been created and will be kept up to date:";
}

/** `/playlists/combinations/success?distributionProgressId=`: the progress, then the names created. */
export function CombinationsSuccessPage() {
  const session = useSession();
  const progressId = new URLSearchParams(useSearch()).get("distributionProgressId");
  const [names] = useState(() => (progressId ? readCreatedCombinations(progressId).sort(compareNames) : []));
  const progress = useDistributionProgress(session.status === "loggedIn" ? progressId : null);

  if (session.status !== "loggedIn") {
    return (
      <Layout width="normal" heading={{ title: "Combination playlists created" }}>
        <LoginPrompt text="Please sign in to see your playlists." />
      </Layout>
    );
  }

  return (
    <Layout
      width="normal"
      heading={{
        eyebrow: "Combination playlists",
        title: names.length === 1 ? "Combination playlist created" : "Combination playlists created",
      }}
    >
      <Stack gap={{ base: "6", md: "8" }}>
        <ProgressPanel progressId={progressId} progress={progress} />

        <Stack gap="4" data-testid="combinations-created">
          <Text fontWeight="semibold" data-testid="created-text">
            {names.length > 0
              ? createdText(names.length)
              : "Your combination playlists have been created and will be kept up to date."}
          </Text>
          {names.length > 0 ? (
            <CreatedNameList names={names} icon={Blend} testId="created-combinations" />
          ) : null}
        </Stack>

        <Stack gap="3" textStyle="sm" color="fg.muted">
          <HintLine icon={Info} testId="appears-note">
            A playlist only appears in Spotify once at least one of your liked songs matches its criteria.
          </HintLine>
          <HintLine icon={ArrowLeft}>
            Go back to{" "}
            <AppLink
              href="/playlists/combinations"
              color="brand.fg"
              fontWeight="semibold"
              data-testid="back-to-combinations"
            >
              your combination playlists
            </AppLink>{" "}
            to create or delete more.
          </HintLine>
        </Stack>
      </Stack>
    </Layout>
  );
}
