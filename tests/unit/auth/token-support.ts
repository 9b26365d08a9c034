// What the token suites share: the parts of Deps the token functions use, on an in-memory database, with the real
// Spotify client over a recording fake of the accounts service.
import { randomBytes } from "node:crypto";
import type { OpenedDatabase } from "../../../src/server/db/client.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { createLogger } from "../../../src/server/platform/log.ts";
import { createSpotifyClient } from "../../../src/server/spotify/client.ts";
import type { FetchLike } from "../../../src/server/spotify/http.ts";
import { ACCOUNTS, API } from "../spotify/fake-web-api.ts";

export function tokenDeps(database: OpenedDatabase, fetch: FetchLike, clock = manualClock()) {
  return {
    db: database.db,
    clock,
    tokenKey: randomBytes(32),
    tokenRefreshes: new Map<string, Promise<string>>(),
    log: createLogger("silent"),
    spotify: createSpotifyClient({
      apiUrl: API,
      accountsUrl: ACCOUNTS,
      clientId: "client",
      clientSecret: "secret",
      fetch,
      sleep: async () => {},
    }),
  };
}
