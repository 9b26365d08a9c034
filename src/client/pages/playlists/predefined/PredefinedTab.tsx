import { Accordion, Box, Grid, Stack } from "@chakra-ui/react";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { textForErrorCode } from "../../../../shared/errors.ts";
import {
  hasPremiumCatalogue,
  hasUnlimitedPlaylists,
  type MembershipLevel,
} from "../../../../shared/membership.ts";
import { errorCodeOf } from "../../../api/errors.ts";
import { trpc } from "../../../api/trpc.ts";
import { DeletePlaylistDialog } from "../../../components/ConfirmDialog.tsx";
import { MetadataCoverage } from "../../../components/MetadataCoverage.tsx";
import { toaster } from "../../../components/Toaster.tsx";
import { analysisHasStarted, songsApplicable, useAnalysis } from "../../../hooks/useAnalysis.ts";
import { useSession } from "../../../hooks/useSession.ts";
import { unlessRendered } from "../../../lib/rendered-data.ts";
import { saveDistributionOutcome } from "../../../lib/session-storage.ts";
import { AnalysisPanel } from "./AnalysisPanel.tsx";
import { type EntryChoice, GroupModule } from "./GroupModule.tsx";
import { MobileSelectionBar } from "./MobileSelectionBar.tsx";
import {
  FailedNotice,
  FeaturesUnavailable,
  featureGroups,
  LoadingGroups,
  NoPreferences,
  VanishedNotice,
} from "./Notices.tsx";
import { PremiumDialog } from "./PremiumDialog.tsx";
import {
  buildGroups,
  capText,
  emptyAnswer,
  type PreferencesAnswer,
  type SimplePlaylistPreference,
  savedSelection,
  selectionCap,
  selectionChanges,
  selectionProblem,
  toggleOutcome,
  withCatalogue,
} from "./preferences.ts";
import { SelectionPanel } from "./SelectionPanel.tsx";
import { SubgenreModule } from "./SubgenreModule.tsx";

/**
 * The Predefined tab (spec §2): loads the listener's part of the preferences (the catalogue's part comes from the
 * bundle); a failed load gives an empty list (spec §7).
 */
export function PredefinedTab() {
  const session = useSession();
  const preferences = trpc.distribution.listenerPreferences.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: unlessRendered("always"),
  });
  const listener = preferences.isError ? undefined : preferences.data;
  // one answer object per fetched answer: the editor's memos and effects key on it
  const answer: PreferencesAnswer = useMemo(
    () => (listener ? withCatalogue(listener) : emptyAnswer),
    [listener],
  );
  // The selection starts from the saved one, so an answer cached before the latest distribution must not be used.
  if (preferences.isPending || (preferences.isFetching && !preferences.isFetchedAfterMount)) {
    return <LoadingGroups />;
  }
  const featuresUnavailable = listener?.featuresUnavailable ?? false;
  return (
    <PredefinedEditor
      answer={answer}
      level={session.membershipLevel}
      featuresUnavailable={featuresUnavailable}
      onDeleted={() => void preferences.refetch()}
    />
  );
}

function PredefinedEditor({
  answer,
  level,
  featuresUnavailable,
  onDeleted,
}: {
  answer: PreferencesAnswer;
  level: MembershipLevel;
  featuresUnavailable: boolean;
  onDeleted: () => void;
}) {
  const [, navigate] = useLocation();
  const groups = useMemo(() => buildGroups(answer), [answer]);
  const saved = useMemo(() => savedSelection(answer), [answer]);
  const cap = selectionCap(level, answer);
  const vanished = (answer.vanishedPlaylists ?? []).filter((playlist) => playlist.source === "predefined");
  const failed = (answer.failedPlaylists ?? []).filter((playlist) => playlist.source === "predefined");

  const [selected, setSelected] = useState<Set<string>>(() => new Set(saved));
  const [openGroups, setOpenGroups] = useState<string[]>(() => (saved.size === 0 ? ["Mood"] : []));
  // With saved choices every group starts closed, so their bodies are in the page, hidden: the page rendered on
  // the server can then open a group and tick its rows before the app (ADR 0033). With Mood open (no choices yet)
  // the others mount when opened, which keeps that page as light as it was.
  const [closedGroupsMounted] = useState(() => saved.size > 0);
  const [premiumFor, setPremiumFor] = useState<string | null>(null);
  const [deleteFor, setDeleteFor] = useState<SimplePlaylistPreference | null>(null);
  const [hideEmpty, setHideEmpty] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const analysis = useAnalysis();
  // Liked At, Partitions and Everything can make many Spotify playlists from one tick: how many, said beforehand
  const made = trpc.distribution.playlistsMade.useQuery(undefined, {
    enabled: hasPremiumCatalogue(level),
    staleTime: 60_000,
  });
  const playlistsMade = useMemo(
    () => new Map((made.data?.entries ?? []).map((entry) => [entry.name, entry.playlists])),
    [made.data],
  );
  const playlists = useCallback((name: string) => playlistsMade.get(name) ?? null, [playlistsMade]);
  const deletion = trpc.distribution.deletePredefined.useMutation();
  const distribute = trpc.distribution.distributeHistorically.useMutation();

  // The toggle keeps one identity so that only the clicked entry renders again.
  const latest = useRef({ selected, cap });
  useLayoutEffect(() => {
    latest.current = { selected, cap };
  });
  const toggle = useCallback((entry: SimplePlaylistPreference) => {
    const outcome = toggleOutcome(entry, latest.current.selected, latest.current.cap);
    if (outcome === "premium") return setPremiumFor(entry.name);
    if (outcome === "capReached") return;
    setProblem(null);
    setSelected((current) => {
      const next = new Set(current);
      if (outcome === "select") next.add(entry.name);
      else next.delete(entry.name);
      return next;
    });
  }, []);

  const capReached = selected.size >= cap;
  const songs = useCallback((name: string) => songsApplicable(analysis.state, name), [analysis.state]);
  const choice = useMemo<EntryChoice>(
    () => ({ selected, capReached, songs, playlists, onToggle: toggle, onDelete: setDeleteFor }),
    [selected, capReached, songs, playlists, toggle],
  );
  const featuresNotice = useMemo(
    () => (featuresUnavailable ? <FeaturesUnavailable /> : null),
    [featuresUnavailable],
  );

  const submit = async () => {
    if (submitting) return;
    const found = selectionProblem(saved, selected);
    setProblem(found);
    setErrorCode(null);
    if (found) return;
    setSubmitting(true);
    try {
      await analysis.cancelInProgress();
      const playlistPreferences = [...selected];
      const started = await distribute.mutateAsync({ playlistPreferences });
      const { added, removed } = selectionChanges(saved, selected);
      saveDistributionOutcome(started.distributionProgressId, {
        created: added,
        removed,
        numberOfLikedSongs: started.totalNumberOfLikedSongs,
      });
      const query = new URLSearchParams({ distributionProgressId: started.distributionProgressId });
      navigate(`/playlists/distribution-success?${query}`);
    } catch (error) {
      setErrorCode(errorCodeOf(error));
      setSubmitting(false);
    }
  };

  const confirmDelete = () => {
    if (!deleteFor) return;
    const { name } = deleteFor;
    deletion.mutate(
      { name },
      {
        onSuccess: (result) => {
          setSelected((current) => {
            const next = new Set(current);
            next.delete(name);
            return next;
          });
          setDeleteFor(null);
          const title =
            result.removedPlaylistNames.length > 0
              ? `${name} is being deleted in Spotify.`
              : `${name} is no longer among your playlists.`;
          toaster.create({ type: "success", title });
          onDeleted();
        },
        onError: (error) => {
          setDeleteFor(null);
          toaster.create({ type: "error", title: textForErrorCode(errorCodeOf(error)) });
        },
      },
    );
  };

  const { added, removed } = selectionChanges(saved, selected);
  // the chosen entries' playlists in Spotify, once an entry that makes several is among them
  const spotifyPlaylists = [...selected].reduce((sum, name) => sum + (playlistsMade.get(name) ?? 1), 0);

  // The page's order is the order it is read and drawn in: a page arriving slowly is drawn before all of it is in,
  // and a panel placed above what precedes it would push that down as it arrives. On a wide screen the analysis
  // heads the side column and the selection and coverage follow, sticky, beside the groups.
  return (
    <Grid
      templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 340px" }}
      templateRows={{ lg: "auto 1fr" }}
      rowGap={{ base: "5", lg: "4" }}
      columnGap="8"
      alignItems="start"
    >
      <Box gridColumn={{ lg: "2" }} gridRow={{ lg: "1" }}>
        <AnalysisPanel
          state={analysis.state}
          onStart={() => void analysis.start()}
          hideEmpty={hideEmpty}
          onHideEmptyChange={setHideEmpty}
        />
      </Box>
      <Stack gridColumn={{ lg: "1" }} gridRow={{ lg: "1 / span 2" }} minW="0" gap="4">
        {vanished.length > 0 ? (
          <VanishedNotice names={vanished.map((playlist) => playlist.playlistName)} />
        ) : null}
        {failed.length > 0 ? <FailedNotice playlists={failed} /> : null}
        {groups.length === 0 ? <NoPreferences /> : null}
        <Accordion.Root
          multiple
          collapsible
          lazyMount={!closedGroupsMounted}
          value={openGroups}
          onValueChange={(details) => setOpenGroups(details.value)}
          variant="plain"
          display="flex"
          flexDirection="column"
          gap="3"
          data-testid="group-modules"
          // read by the ticks answered before the app takes a rendered page over (early-ticks.ts)
          data-selected={selected.size}
          data-cap={cap}
        >
          {groups.map((group) =>
            group.group === "Subgenre" ? (
              <SubgenreModule
                key={group.group}
                group={group}
                choice={choice}
                hideEmpty={hideEmpty && analysisHasStarted(analysis.state)}
              />
            ) : (
              <GroupModule
                key={group.group}
                group={group}
                choice={choice}
                notice={featureGroups.has(group.group) ? featuresNotice : null}
              />
            ),
          )}
        </Accordion.Root>
        <MobileSelectionBar
          count={selected.size}
          spotifyPlaylists={spotifyPlaylists}
          cap={cap}
          changes={added.length + removed.length}
          problem={problem}
          errorCode={errorCode}
          submitting={submitting}
          onSubmit={() => void submit()}
        />
      </Stack>

      <Stack
        display={{ base: "contents", lg: "flex" }}
        gap="4"
        gridColumn={{ lg: "2" }}
        gridRow={{ lg: "2" }}
        position={{ lg: "sticky" }}
        top={{ lg: "24" }}
      >
        {/* on a phone the selection closes the page, below the coverage (both come after the groups) */}
        <Box order={{ base: 1, lg: 0 }}>
          <SelectionPanel
            count={selected.size}
            spotifyPlaylists={spotifyPlaylists}
            cap={cap}
            capText={capText(level)}
            showPlansLink={!hasUnlimitedPlaylists(level)}
            added={added.length}
            removed={removed.length}
            problem={problem}
            errorCode={errorCode}
            submitting={submitting}
            onSubmit={() => void submit()}
          />
        </Box>
        <Box>
          <MetadataCoverage />
        </Box>
      </Stack>

      <PremiumDialog playlistName={premiumFor} onClose={() => setPremiumFor(null)} />
      <DeletePlaylistDialog
        name={deleteFor?.name ?? null}
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleteFor(null)}
      />
    </Grid>
  );
}
