import { describe, expect, test } from "bun:test";
import { assertMayCreate, findOrCreateUser, providerIdHash } from "../../../src/server/auth/signup.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { appRouter } from "../../../src/server/trpc/_app.ts";
import { createCallerFactory, createContextInner } from "../../../src/server/trpc/core/init.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { apiClient, seedEverything, seedUser } from "./seed.ts";
import { createListener, signInAs } from "./signin.ts";

const clock = manualClock();
const server = setUpTestServer({}, clock);

const retained = new Set(["membership_events", "payments", "subscriptions", "webhook_events"]);
/** Parent tables and the column their children refer to them by. */
const children: Record<string, { parent: string; column: string }> = {
  playlist_songs: { parent: "managed_playlists", column: "playlist_id" },
  playlist_layouts: { parent: "managed_playlists", column: "playlist_id" },
  distribution_entries: { parent: "distributions", column: "distribution_id" },
  journal_steps: { parent: "distributions", column: "distribution_id" },
  analysis_segments: { parent: "analyses", column: "analysis_id" },
};

/** Rows per table that belong to the user, read straight from SQLite (every table with a user_id column). */
function rowsPerTable(userId: string, parentIds: Record<string, string>): Record<string, number> {
  const sqlite = server.deps.db.$client;
  const tables = sqlite
    .query<{ name: string }, []>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
    )
    .all()
    .map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const columns = sqlite
      .query<{ name: string }, []>(`PRAGMA table_info("${table}")`)
      .all()
      .map((c) => c.name);
    const count = (where: string, value: string) =>
      sqlite.query<{ n: number }, [string]>(`SELECT count(*) AS n FROM "${table}" WHERE ${where}`).get(value)
        ?.n ?? 0;
    if (columns.includes("user_id")) counts[table] = count("user_id = ?", userId);
    const child = children[table];
    if (child) counts[table] = count(`${child.column} = ?`, parentIds[child.parent] ?? "");
  }
  counts.users =
    sqlite.query<{ n: number }, [string]>("SELECT count(*) AS n FROM users WHERE id = ?").get(userId)?.n ?? 0;
  return counts;
}

describe("POST /api/user/delete-data", () => {
  test("happy: only the retained records remain, table by table; another user is untouched", async () => {
    const user = seedUser(server.deps);
    const other = seedUser(server.deps);
    const ids = seedEverything(server.deps, user.userId, "del1");
    const parentIds = {
      managed_playlists: ids.playlistId,
      distributions: ids.distributionId,
      analyses: ids.analysisId,
    };
    const otherIds = seedEverything(server.deps, other.userId, "del1-other");
    const otherParents = {
      managed_playlists: otherIds.playlistId,
      distributions: otherIds.distributionId,
      analyses: otherIds.analysisId,
    };
    const before = rowsPerTable(user.userId, parentIds);
    const otherBefore = rowsPerTable(other.userId, otherParents);
    // the seed covers every table that holds user data, so each one is really checked below
    for (const [table, n] of Object.entries(before))
      expect({ table, seeded: n > 0 }).toEqual({ table, seeded: true });

    const res = await apiClient(server.url, user.cookie)("POST", "/api/user/delete-data");
    expect(res.status).toBe(200);
    expect(res.json.deleted).toBe(true);
    expect(res.headers.get("set-cookie")).toMatch(/crate_session=;.*Max-Age=0/);

    const after = rowsPerTable(user.userId, parentIds);
    for (const [table, n] of Object.entries(after)) {
      expect({ table, rows: n }).toEqual({ table, rows: retained.has(table) ? (before[table] ?? 0) : 0 });
    }
    expect(after.payments).toBe(1);
    expect(after.subscriptions).toBe(1);
    expect(after.membership_events).toBe(2);
    expect(rowsPerTable(other.userId, otherParents)).toEqual(otherBefore);

    const deleted = server.deps.db.$client
      .query<{ n: number }, [string]>("SELECT count(*) AS n FROM deleted_accounts WHERE spotify_id_hash = ?")
      .get(providerIdHash(user.spotifyId));
    expect(deleted?.n).toBe(1);
    // nothing stores the provider id in clear any more
    const dump = JSON.stringify(server.deps.db.$client.query("SELECT * FROM users").all());
    expect(dump).not.toContain(user.spotifyId);
  });

  test("it logs out: the session no longer works, and a second call is 401 code 6", async () => {
    const user = seedUser(server.deps);
    const api = apiClient(server.url, user.cookie);
    expect((await api("POST", "/api/user/delete-data")).status).toBe(200);
    expect((await api("GET", "/api/user/personal-data")).status).toBe(401);
    const again = await api("POST", "/api/user/delete-data");
    expect(again.status).toBe(401);
    expect(again.json.errorCode).toBe(6);
  });

  test("a user who never paid keeps nothing, not even membership events", async () => {
    const user = seedUser(server.deps);
    await apiClient(server.url, user.cookie)("POST", "/api/user/delete-data");
    const counts = rowsPerTable(user.userId, {});
    for (const [table, n] of Object.entries(counts)) expect({ table, rows: n }).toEqual({ table, rows: 0 });
  });

  test("error: signed out is 401 code 6; a payload is refused with 400", async () => {
    const signedOut = await apiClient(server.url)("POST", "/api/user/delete-data");
    expect(signedOut.status).toBe(401);
    expect(signedOut.json.errorCode).toBe(6);
    const user = seedUser(server.deps);
    const withBody = await apiClient(server.url, user.cookie)("POST", "/api/user/delete-data", {
      everything: true,
    });
    expect(withBody.status).toBe(400);
    expect(withBody.json.errorCode).toBe(1);
  });

  test("security: a cross-site request cannot delete anyone", async () => {
    const user = seedUser(server.deps);
    const res = await fetch(`${server.url}/api/user/delete-data`, {
      method: "POST",
      headers: { cookie: user.cookie, origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await apiClient(server.url, user.cookie)("GET", "/api/user/personal-data")).status).toBe(200);
  });

  test("tRPC deleteData deletes and clears the cookie too", async () => {
    const user = seedUser(server.deps);
    const resHeaders = new Headers();
    const caller = createCallerFactory(appRouter)(
      createContextInner({ deps: server.deps, sessionToken: user.cookie.split("=")[1], resHeaders }),
    );
    expect((await caller.account.deleteData()).deleted).toBe(true);
    expect(resHeaders.get("set-cookie")).toMatch(/crate_session=;.*Max-Age=0/);
    expect(rowsPerTable(user.userId, {}).users).toBe(0);
  });
});

describe("signing in again after deletion", () => {
  test("creates a fresh account that may create nothing for two minutes (code 21), then may", async () => {
    const user = seedUser(server.deps);
    await apiClient(server.url, user.cookie)("POST", "/api/user/delete-data");

    clock.advance(10_000);
    const again = findOrCreateUser(server.deps, { spotifyId: user.spotifyId, displayName: null });
    if ("noCapacity" in again) throw new Error("cap");
    expect(again.created).toBe(true);
    expect(again.userId).not.toBe(user.userId);

    expect(() => assertMayCreate(server.deps, again.userId)).toThrow(
      expect.objectContaining({ code: 21 }) as unknown as Error,
    );
    clock.advance(119_000);
    expect(() => assertMayCreate(server.deps, again.userId)).toThrow();
    clock.advance(2_000);
    expect(() => assertMayCreate(server.deps, again.userId)).not.toThrow();
  });

  test("end to end: delete, sign in again, distributing is code 21 for two minutes, then works", async () => {
    const listener = `comeback-${Date.now()}`;
    await createListener(server.url, listener, 10);
    const first = await signInAs(server.url, listener);
    expect((await apiClient(server.url, first.cookie)("POST", "/api/user/delete-data")).status).toBe(200);

    clock.advance(60_000);
    const again = await signInAs(server.url, listener);
    const api = apiClient(server.url, again.cookie);
    const distribute = () =>
      api("POST", "/api/distributor/distribute-historically", { playlistPreferences: ["1990s", "2000s"] });
    const blocked = await distribute();
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({
      error:
        "You deleted your data and logged in again too recently. Wait a little while before attempting again.",
      errorCode: 21,
    });
    clock.advance(119_000);
    expect((await distribute()).json.errorCode).toBe(21);
    clock.advance(2_000);
    const allowed = await distribute();
    expect(allowed.status).toBe(200);
    expect(allowed.json.distributionProgressId).toBeString();
  });

  test("a different listener is never blocked by someone else's deletion", async () => {
    const deleter = seedUser(server.deps);
    await apiClient(server.url, deleter.cookie)("POST", "/api/user/delete-data");
    const bystander = seedUser(server.deps);
    expect(() => assertMayCreate(server.deps, bystander.userId)).not.toThrow();
  });
});
