import {
  Alert,
  Box,
  Button,
  CloseButton,
  Field,
  HStack,
  Link,
  NativeSelect,
  Stack,
  Text,
} from "@chakra-ui/react";
import { ChevronDown, ChevronUp, ListMusic } from "lucide-react";
import { useId, useState } from "react";
import type { Criterion } from "../../../../shared/combinations/rules.ts";
import { trpc } from "../../../api/trpc.ts";
import type { CriteriaList, WizardAction } from "./wizard.ts";

/** Where Crate asks Spotify for the scope that lists the listener's collaborative playlists. */
const COLLABORATIVE_SIGN_IN = "/api/authorize/playlists";
/** The listing costs a Spotify call: it serves every criterion of the wizard for a few minutes. */
const LISTING_FRESH_MS = 5 * 60_000;

export interface PlaylistPartProps {
  criterion: Criterion;
  at: { key: number; criterion: number; list: CriteriaList };
  playlistNames: Readonly<Record<string, string>>;
  dispatch: (action: WizardAction) => void;
}

/**
 * "In one of my playlists": a criterion's `inPlaylist`, picked among the listener's own Spotify playlists (owned or
 * collaborative). The list is asked of Spotify only once the listener opens this part.
 */
export function PlaylistPart({ criterion, at, playlistNames, dispatch }: PlaylistPartProps) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const chosen = criterion.inPlaylist ?? null;
  const chosenName = chosen ? (playlistNames[chosen] ?? "a playlist of yours") : null;
  const pick = (playlistId: string | null, name?: string) =>
    dispatch({ type: "pickPlaylist", ...at, playlistId, name });
  return (
    <Stack gap="2">
      <HStack gap="1" align="center">
        <Button
          size="xs"
          variant="ghost"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen(!open)}
          whiteSpace="normal"
          textAlign="start"
          minW="0"
          flexShrink={1}
          height="auto"
          minH="8"
          data-testid="in-playlist-toggle"
        >
          {open ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          <ListMusic aria-hidden />
          In one of my playlists{chosenName ? `: ${chosenName}` : ""}
        </Button>
        {chosen ? (
          <CloseButton
            size="2xs"
            variant="plain"
            aria-label="Remove the playlist part"
            onClick={() => pick(null)}
            data-testid="remove-in-playlist"
          />
        ) : null}
      </HStack>
      {open ? (
        <Box id={regionId}>
          <PlaylistChoice chosen={chosen} chosenName={chosenName} onPick={pick} />
        </Box>
      ) : null}
    </Stack>
  );
}

function PlaylistChoice({
  chosen,
  chosenName,
  onPick,
}: {
  chosen: string | null;
  chosenName: string | null;
  onPick: (playlistId: string | null, name?: string) => void;
}) {
  const listing = trpc.combinations.ownPlaylists.useQuery(undefined, {
    staleTime: LISTING_FRESH_MS,
    retry: false,
  });
  if (listing.isPending)
    return (
      <Text textStyle="sm" color="fg.muted" aria-live="polite" data-testid="in-playlist-loading">
        Asking Spotify for your playlists…
      </Text>
    );
  if (listing.isError)
    return (
      <Alert.Root status="error" borderRadius="lg" data-testid="in-playlist-error">
        <Alert.Indicator />
        <Stack gap="2" flex="1">
          <Alert.Title fontWeight="medium">Your playlists could not be listed.</Alert.Title>
          <Alert.Description>{listing.error.message}</Alert.Description>
          <Button size="xs" variant="outline" alignSelf="start" onClick={() => void listing.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert.Root>
    );
  const { playlists, readsCollaborative } = listing.data;
  const listed = playlists.some((p) => p.id === chosen);
  return (
    <Stack gap="2">
      {playlists.length === 0 && !chosen ? (
        <Text textStyle="sm" color="fg.muted" data-testid="in-playlist-empty">
          You have no playlist of your own on Spotify yet (Crate's playlists do not count). Make one in
          Spotify, then open this part again.
        </Text>
      ) : (
        <Field.Root maxW={{ sm: "md" }}>
          <Field.Label textStyle="xs" color="fg.muted">
            Songs in this playlist of yours
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={chosen ?? ""}
              borderRadius="lg"
              bg="bg"
              onChange={(event) => {
                const id = event.target.value || null;
                onPick(id, playlists.find((p) => p.id === id)?.name);
              }}
              data-testid="in-playlist-select"
            >
              <option value="">No playlist (any song)</option>
              {chosen && !listed ? (
                <option value={chosen}>{chosenName} (not among your playlists now)</option>
              ) : null}
              {playlists.map((playlist) => (
                <option key={playlist.id} value={playlist.id}>
                  {playlist.name}
                  {playlist.collaborative ? " (collaborative)" : ""}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      {readsCollaborative ? null : (
        <Text textStyle="xs" color="fg.muted" data-testid="in-playlist-collaborative">
          Collaborative playlists are listed after you{" "}
          <Link href={COLLABORATIVE_SIGN_IN} color="fg" textDecoration="underline">
            allow Crate to read them
          </Link>{" "}
          on Spotify (this leaves the editor without saving it).
        </Text>
      )}
    </Stack>
  );
}
