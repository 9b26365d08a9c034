// What the contract suites share: the client over a recording fake of the Web API, and the operations it uses.
import { createSpotifyClient } from "../../../src/server/spotify/client.ts";
import type { SpotifyUserApi } from "../../../src/server/spotify/types.ts";
import { ACCOUNTS, API, type Handler, type RecordedRequest, recordingFetch } from "./fake-web-api.ts";

/** A listener's API of the real client, its requests answered by `handler` and recorded. */
export function userApiOver(handler: Handler): { api: SpotifyUserApi; requests: RecordedRequest[] } {
  const { fetch, requests } = recordingFetch(handler);
  const client = createSpotifyClient({
    apiUrl: API,
    accountsUrl: ACCOUNTS,
    clientId: "c",
    clientSecret: "s",
    fetch,
  });
  return { api: client.forUser({ current: async () => "tok", refresh: async () => "tok2" }), requests };
}

/** Every operation of the published contract the client calls, by operation id, sorted. */
export const CLIENT_OPERATIONS = [
  "get-current-users-profile",
  "get-users-saved-tracks",
  "get-multiple-artists",
  "get-several-audio-features",
  "create-playlist",
  "add-items-to-playlist",
  "remove-items-playlist",
  "get-playlists-items",
  "get-playlist",
  "change-playlist-details",
  "remove-library-items",
  "check-library-contains",
  "get-a-list-of-current-users-playlists",
].sort();
