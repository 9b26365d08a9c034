import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { readTokens, refreshAccessToken, saveTokens, setMonitored } from "../../../src/server/auth/tokens.ts";
import { type OpenedDatabase, openDatabase } from "../../../src/server/db/client.ts";
import { users } from "../../../src/server/db/schema/index.ts";
import { json, recordingFetch } from "../spotify/fake-web-api.ts";
import { tokenDeps } from "./token-support.ts";

const opened: OpenedDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/** A refresh whose token answer arrives only after `duringRefresh` ran (a sign-in landing meanwhile). */
function setup(answer: () => Response, duringRefresh: (deps: ReturnType<typeof tokenDeps>) => void) {
  const database = openDatabase(":memory:");
  opened.push(database);
  let deps: ReturnType<typeof tokenDeps>;
  const recorder = recordingFetch(async () => {
    duringRefresh(deps);
    return answer();
  });
  deps = tokenDeps(database, recorder.fetch);
  deps.db.insert(users).values({ id: "u1", spotifyId: "listener", createdAt: 0, lastLoginAt: 0 }).run();
  saveTokens(deps, "u1", {
    accessToken: "old-access",
    refreshToken: "old-refresh",
    expiresIn: 3600,
    scope: "s",
  });
  const monitored = () => deps.db.select().from(users).where(eq(users.id, "u1")).get()?.monitored;
  return { deps, monitored };
}

const signIn = (deps: ReturnType<typeof tokenDeps>) => {
  saveTokens(deps, "u1", {
    accessToken: "new-access",
    refreshToken: "new-refresh",
    expiresIn: 3600,
    scope: "s",
  });
  setMonitored(deps.db, "u1", true);
};

describe("a token refresh racing a new sign-in", () => {
  test("never overwrites the tokens the sign-in saved", async () => {
    const { deps } = setup(
      () => json({ access_token: "refreshed-access", refresh_token: "refreshed-refresh", expires_in: 3600 }),
      signIn,
    );
    expect(await refreshAccessToken(deps, "u1")).toBe("new-access");
    expect(readTokens(deps, "u1")).toMatchObject({ accessToken: "new-access", refreshToken: "new-refresh" });
  });

  test("a refused old refresh token does not unmonitor a user who just signed in again", async () => {
    const { deps, monitored } = setup(
      () => json({ error: "invalid_grant" }, 400),
      (d) => {
        setMonitored(d.db, "u1", false);
        signIn(d);
      },
    );
    expect(await refreshAccessToken(deps, "u1")).toBe("new-access");
    expect(monitored()).toBe(true);
    expect(readTokens(deps, "u1")?.refreshToken).toBe("new-refresh");
  });
});
