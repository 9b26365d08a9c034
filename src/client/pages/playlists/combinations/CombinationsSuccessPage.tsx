import { Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, Blend, Info } from "lucide-react";
import { useState } from "react";
import { compareNames } from "../../../../shared/catalogue/index.ts";
import { trpc } from "../../../api/trpc.ts";
import {
  CreatedNameList,
  DistributionOutcomeLayout,
  HintLine,
  useFollowedDistribution,
} from "../../../components/DistributionOutcome.tsx";
import { AppLink } from "../../../components/RouterLink.tsx";
import { readCreatedCombinations } from "./storage.ts";

/** 'has been created' or 'have been created', by count (spec §2 'Combination-playlists-created page'). */
export function createdText(count: number): string {
  return count === 1
    ? "Your combination playlist has been created and will be kept up to date:"
    : "Your combination playlists have been created and will be kept up to date:";
}

/** `/playlists/combinations/success?distributionProgressId=`: the progress, then the names created. */
export function CombinationsSuccessPage() {
  const { session, progressId, progress } = useFollowedDistribution();
  const [stored] = useState(() => (progressId ? readCreatedCombinations(progressId).sort(compareNames) : []));
  // a tab that did not start the run (or a restored one) kept no names: the server knows which it was for
  const asked = trpc.distribution.createdCombinations.useQuery(
    { id: progressId ?? "" },
    {
      enabled: stored.length === 0 && progressId !== null && session.status === "loggedIn",
      staleTime: Infinity,
    },
  );
  const names = stored.length > 0 ? stored : [...(asked.data?.names ?? [])].sort(compareNames);
  return (
    <DistributionOutcomeLayout
      signedIn={session.status === "loggedIn"}
      signedOutTitle="Combination playlists created"
      heading={{
        eyebrow: "Combination playlists",
        title: names.length === 1 ? "Combination playlist created" : "Combination playlists created",
      }}
      progressId={progressId}
      progress={progress}
      hints={
        <>
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
        </>
      }
    >
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
    </DistributionOutcomeLayout>
  );
}
