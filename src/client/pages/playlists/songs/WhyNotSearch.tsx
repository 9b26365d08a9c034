import { Button, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { explainPageTexts as texts } from "../../../../shared/explain.ts";
import { trpc } from "../../../api/trpc.ts";
import { ErrorText } from "../../../components/ErrorText.tsx";

/** "Why not?": search the liked songs, then one song's answer per group. */
export function WhyNotSearch() {
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const [trackId, setTrackId] = useState<string | null>(null);
  const hits = trpc.explain.search.useQuery({ query }, { enabled: query !== "" });
  const placement = trpc.explain.placement.useQuery(
    { trackId: trackId ?? "" },
    { enabled: trackId !== null },
  );
  return (
    <Stack gap="3" as="section" aria-label={texts.whyNotTitle}>
      <Text as="h2" textStyle="lg" fontWeight="bold">
        {texts.whyNotTitle}
      </Text>
      <Text color="fg.muted" textStyle="sm">
        {texts.whyNotHelp}
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTrackId(null);
          setQuery(draft.trim());
        }}
      >
        <Stack direction="row" gap="2">
          <Input
            aria-label={texts.whyNotLabel}
            placeholder={texts.whyNotLabel}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={200}
          />
          <Button type="submit" disabled={draft.trim() === ""}>
            Search
          </Button>
        </Stack>
      </form>
      {hits.isError ? <ErrorText error={hits.error} /> : null}
      {hits.data && hits.data.songs.length === 0 ? <Text color="fg.muted">{texts.noHits}</Text> : null}
      <Stack as="ul" gap="1">
        {hits.data?.songs.map((hit) => (
          <li key={hit.trackId}>
            <Button
              variant={hit.trackId === trackId ? "subtle" : "ghost"}
              size="sm"
              h="auto"
              py="1"
              whiteSpace="normal"
              textAlign="start"
              justifyContent="flex-start"
              data-testid="search-hit"
              onClick={() => setTrackId(hit.trackId)}
            >
              {hit.name} — {hit.artists.join(", ")}
            </Button>
          </li>
        ))}
      </Stack>
      {placement.isError ? <ErrorText error={placement.error} /> : null}
      {placement.data ? (
        <Stack as="dl" gap="1" data-testid="placement">
          {placement.data.groups.map((g) => (
            <Stack key={g.group} gap="0" data-group={g.group}>
              <Text as="dt" fontWeight="semibold" textStyle="sm">
                {g.group}
                {g.playlists.length > 0 ? ` — ${g.playlists.join(", ")}` : ""}
              </Text>
              <Text as="dd" textStyle="sm" color="fg.muted" data-testid="placement-text">
                {g.text}
              </Text>
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
