// The pages that follow a distribution (playlists updated, combination playlists created) share these pieces.
import { Box, type BoxProps, HStack, Stack, type StackProps, Text } from "@chakra-ui/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useSearch } from "wouter";
import { type ProgressState, useDistributionProgress } from "../hooks/useDistributionProgress.ts";
import { useSession } from "../hooks/useSession.ts";
import { DistributionProgress } from "./DistributionProgress.tsx";
import { Layout, type LayoutProps } from "./Layout.tsx";
import { LoginPrompt } from "./LoginPrompt.tsx";

/** The session, the `?distributionProgressId=` of the page's address and that distribution's progress once signed in. */
export function useFollowedDistribution() {
  const session = useSession();
  const progressId = new URLSearchParams(useSearch()).get("distributionProgressId");
  const progress = useDistributionProgress(session.status === "loggedIn" ? progressId : null);
  return { session, progressId, progress };
}

/**
 * A page following a distribution: a signed-out visitor is asked to sign in; otherwise the progress, then the
 * page's outcome, then its hints.
 */
export function DistributionOutcomeLayout({
  signedIn,
  signedOutTitle,
  heading,
  progressId,
  progress,
  hints,
  children,
}: {
  signedIn: boolean;
  signedOutTitle: string;
  heading: LayoutProps["heading"];
  progressId: string | null;
  progress: ProgressState;
  hints: ReactNode;
  children: ReactNode;
}) {
  if (!signedIn) {
    return (
      <Layout width="normal" heading={{ title: signedOutTitle }}>
        <LoginPrompt text="Please sign in to see your playlists." />
      </Layout>
    );
  }
  return (
    <Layout width="normal" heading={heading}>
      <Stack gap={{ base: "6", md: "8" }}>
        <ProgressPanel progressId={progressId} progress={progress} />
        {children}
        <Stack gap="3" textStyle="sm" color="fg.muted">
          {hints}
        </Stack>
      </Stack>
    </Layout>
  );
}

/** The panel following a distribution's progress, or saying there is none to follow. */
function ProgressPanel({ progressId, progress }: { progressId: string | null; progress: ProgressState }) {
  return (
    <Box p={{ base: "5", md: "7" }} borderRadius="2xl" borderWidth="1px" borderColor="border" bg="bg.panel">
      {progressId ? (
        <DistributionProgress progress={progress} />
      ) : (
        <Text color="fg.muted">There is no distribution to follow here.</Text>
      )}
    </Box>
  );
}

/** A list of playlists, one tile each. */
export function PlaylistTiles({
  testId,
  gridTemplateColumns,
  children,
}: {
  testId: string;
  gridTemplateColumns?: BoxProps["gridTemplateColumns"];
  children: ReactNode;
}) {
  return (
    <Box
      as="ul"
      listStyleType="none"
      display="grid"
      gridTemplateColumns={gridTemplateColumns}
      gap="2"
      data-testid={testId}
    >
      {children}
    </Box>
  );
}

/** One playlist's tile: its icon, then what the list says of it. */
export function PlaylistTile({ icon: Icon, children, ...props }: { icon: LucideIcon } & StackProps) {
  return (
    <HStack
      as="li"
      gap="3"
      px="3.5"
      py="2.5"
      borderRadius="lg"
      bg="bg.subtle"
      borderWidth="1px"
      borderColor="border.muted"
      {...props}
    >
      <Box color="brand.fg" flexShrink="0">
        <Icon size={16} aria-hidden />
      </Box>
      {children}
    </HStack>
  );
}

/** The names of the playlists a distribution created, one tile each. */
export function CreatedNameList({
  names,
  icon,
  testId,
  gridTemplateColumns,
}: {
  names: readonly string[];
  icon: LucideIcon;
  testId: string;
  gridTemplateColumns?: BoxProps["gridTemplateColumns"];
}) {
  return (
    <PlaylistTiles testId={testId} gridTemplateColumns={gridTemplateColumns}>
      {names.map((name) => (
        <PlaylistTile key={name} icon={icon}>
          <Text textStyle="sm" fontWeight="medium">
            {name}
          </Text>
        </PlaylistTile>
      ))}
    </PlaylistTiles>
  );
}

/** A short line under the outcome with an icon in front: a hint or the way back. */
export function HintLine({
  icon: Icon,
  testId,
  children,
}: {
  icon: LucideIcon;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <HStack gap="2.5" align="start">
      <Box mt="0.5" flexShrink="0">
        <Icon size={16} aria-hidden />
      </Box>
      <Text data-testid={testId}>{children}</Text>
    </HStack>
  );
}
