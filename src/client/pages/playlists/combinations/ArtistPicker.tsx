import { Button, Field, HStack, Input, Text } from "@chakra-ui/react";
import { Plus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { SongSearchHit } from "../../../../shared/schemas/explain.ts";
import { trpc } from "../../../api/trpc.ts";

/** How long typing must pause before the liked songs are searched. */
const SEARCH_PAUSE_MS = 300;
const SHOWN = 8;

/** The artists of the songs found whose name holds the text (any case), each once, in the order found. */
export function artistsMatching(
  hits: readonly SongSearchHit[],
  text: string,
  chosen: readonly string[],
): { id: string; name: string }[] {
  const wanted = text.trim().toLowerCase();
  const found = new Map<string, string>();
  for (const hit of hits)
    hit.artistIds.forEach((id, index) => {
      const name = hit.artists[index];
      if (name && !found.has(id) && !chosen.includes(id) && name.toLowerCase().includes(wanted))
        found.set(id, name);
    });
  return [...found].slice(0, SHOWN).map(([id, name]) => ({ id, name }));
}

/** Finds an artist among the listener's liked songs by name. */
export function ArtistPicker({
  chosen,
  onPick,
}: {
  chosen: readonly string[];
  onPick: (artistId: string, name: string) => void;
}) {
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const resultsId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = trpc.explain.search.useQuery({ query }, { enabled: query.length >= 2, staleTime: 60_000 });
  const artists = query.length >= 2 ? artistsMatching(search.data?.songs ?? [], query, chosen) : [];

  return (
    <>
      <Field.Root>
        <Field.Label textStyle="xs" color="fg.muted">
          Find an artist among your liked songs
        </Field.Label>
        <Input
          size="sm"
          borderRadius="lg"
          bg="bg"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Artist name"
          aria-controls={resultsId}
          data-testid="artist-search"
        />
      </Field.Root>
      <HStack id={resultsId} gap="2" flexWrap="wrap" aria-live="polite" data-testid="artist-results">
        {artists.map((artist) => (
          <Button
            key={artist.id}
            size="xs"
            variant="outline"
            borderRadius="full"
            onClick={() => {
              onPick(artist.id, artist.name);
              setTyped("");
              setQuery("");
            }}
            data-testid="artist-option"
          >
            <Plus aria-hidden />
            {artist.name}
          </Button>
        ))}
        {query.length >= 2 && search.isSuccess && artists.length === 0 ? (
          <Text textStyle="xs" color="fg.muted">
            No artist of your liked songs is called that.
          </Text>
        ) : null}
      </HStack>
    </>
  );
}
