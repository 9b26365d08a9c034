// The Spotify client under test against the recording fake Web API, on fake time.
import { createSpotifyClient } from "../../../src/server/spotify/client.ts";
import type { FetchLike } from "../../../src/server/spotify/http.ts";
import type { AccessTokenSource, SavedTrack } from "../../../src/server/spotify/types.ts";
import { ACCOUNTS, API, fakeTime, type RecordedRequest } from "./fake-web-api.ts";

export function staticTokens(): AccessTokenSource & { refreshes: number } {
  const source = {
    refreshes: 0,
    current: async () => "token-1",
    refresh: async () => {
      source.refreshes++;
      return `token-${source.refreshes + 1}`;
    },
  };
  return source;
}

export function clientWith(fetch: FetchLike, extra: Record<string, unknown> = {}) {
  const time = fakeTime();
  const client = createSpotifyClient({
    apiUrl: API,
    accountsUrl: ACCOUNTS,
    clientId: "id",
    clientSecret: "secret",
    fetch,
    sleep: time.sleep,
    now: time.now,
    ...extra,
  });
  const tokens = staticTokens();
  return { client, api: client.forUser(tokens), tokens, time };
}

export async function collect(pages: AsyncIterable<SavedTrack[]>): Promise<SavedTrack[][]> {
  const out: SavedTrack[][] = [];
  for await (const page of pages) out.push(page);
  return out;
}

export function bodyOf<T>(r: RecordedRequest | undefined): T {
  if (!r) throw new Error("no such request");
  return r.json as T;
}

export const idsParam = (r: RecordedRequest) => (r.url.searchParams.get("ids") ?? "").split(",");
