import { Alert, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useSearch } from "wouter";
import { explainPageTexts as texts } from "../../../../shared/explain.ts";
import type { ExplainedSong } from "../../../../shared/schemas/explain.ts";
import { trpc } from "../../../api/trpc.ts";
import { ErrorText } from "../../../components/ErrorText.tsx";
import { Layout } from "../../../components/Layout.tsx";
import { LoginPrompt } from "../../../components/LoginPrompt.tsx";
import { PageSpinner } from "../../../components/PageSpinner.tsx";
import { AppLink } from "../../../components/RouterLink.tsx";
import { toaster } from "../../../components/Toaster.tsx";
import { useSession } from "../../../hooks/useSession.ts";
import { ActivityPanel } from "./ActivityPanel.tsx";
import { ExclusionsPanel } from "./ExclusionsPanel.tsx";
import { NotIncludedList } from "./NotIncludedList.tsx";
import { PutBackButton } from "./PutBackButton.tsx";
import { PAGE_SIZE, SongDetail, SongRows } from "./SongRows.tsx";
import { WhyNotSearch } from "./WhyNotSearch.tsx";

/** `/playlists/songs?name=…`: one managed playlist's songs, why each is there, what is kept out and why. */
export function PlaylistSongsPage() {
  const session = useSession();
  const name = new URLSearchParams(useSearch()).get("name")?.trim() ?? "";
  return (
    <Layout
      width="wide"
      heading={{ eyebrow: texts.eyebrow, title: name || "Playlist", subtitle: texts.subtitle }}
    >
      {session.status === "loggedIn" ? (
        <PlaylistSongs name={name} />
      ) : (
        <LoginPrompt text="Please sign in to see your playlists." />
      )}
    </Layout>
  );
}

function PlaylistSongs({ name }: { name: string }) {
  const utils = trpc.useUtils();
  const first = trpc.explain.songs.useQuery({ name, offset: 0, limit: PAGE_SIZE }, { enabled: name !== "" });
  const [selected, setSelected] = useState<ExplainedSong | null>(null);
  const refresh = () => {
    void utils.explain.invalidate();
    void utils.activity.invalidate();
    // The update that carries the choice to Spotify runs in the background: read again once it has had time.
    setTimeout(() => {
      void utils.explain.invalidate();
      void utils.activity.invalidate();
    }, 3000);
  };
  const undo = trpc.explain.undoExclusion.useMutation({
    onSuccess: () => {
      toaster.create({ title: texts.undone, type: "success" });
      refresh();
    },
    onError: (error) => toaster.create({ title: error.message, type: "error" }),
  });
  // The confirmation carries its own undo: on a phone it is where the listener looks, not the list further down.
  const exclude = trpc.explain.exclude.useMutation({
    onSuccess: (exclusion) => {
      toaster.create({
        title: texts.excludedNow,
        type: "success",
        // long enough to read it and reach its undo
        duration: 10_000,
        action: {
          label: texts.undo,
          onClick: () => undo.mutate({ name, kind: exclusion.kind, id: exclusion.id }),
        },
      });
      setSelected(null);
      refresh();
    },
    onError: (error) => toaster.create({ title: error.message, type: "error" }),
  });
  if (first.isError) return <ErrorText error={first.error} />;
  const data = first.data;
  if (!data) return <PageSpinner />;
  return (
    <Stack gap="6">
      <AppLink href="/playlists">{texts.back}</AppLink>
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="semibold" data-testid="song-total">
          {texts.songs(data.total)}
        </Text>
        {data.coverage ? (
          <Text color="fg.muted" textStyle="sm" data-testid="coverage">
            {data.coverage}
          </Text>
        ) : null}
      </HStack>
      {data.paused ? (
        <Alert.Root status="info">
          <Alert.Description>{texts.paused}</Alert.Description>
        </Alert.Root>
      ) : null}
      {data.spotifyPlaylistId === null ? <Text color="fg.muted">{texts.notMade}</Text> : null}
      {selected ? (
        <SongDetail
          song={selected}
          paused={data.paused}
          busy={exclude.isPending}
          onExclude={(input) => exclude.mutate({ name, ...input })}
          onCorrected={refresh}
        />
      ) : null}
      {data.total > 0 ? (
        <SongRows
          name={name}
          total={data.total}
          onSelect={setSelected}
          selected={selected?.trackId ?? null}
        />
      ) : null}
      <ExclusionsPanel name={name} paused={data.paused} onChanged={refresh} />
      <NotIncludedList
        songs={data.notIncluded}
        action={(song) =>
          song.kind === "removed" && !data.paused ? (
            <PutBackButton name={name} song={song} onDone={refresh} />
          ) : null
        }
      />
      <ActivityPanel name={name} />
      <WhyNotSearch />
    </Stack>
  );
}
