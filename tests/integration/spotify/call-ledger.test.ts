// A deleted account's Spotify calls: the counts still held in memory when the account goes are written without its
// id (they still count towards SPOTIFY_DAILY_CALLS, as Spotify counted them), so nothing is kept under the id of
// an account that no longer exists.
import { describe, expect, test } from "bun:test";
import { setUpHarness } from "../distribution/support.ts";

const h = setUpHarness();

const rowsOf = (userId: string) =>
  h.crate.deps.db.$client
    .query<{ n: number }, [string]>("SELECT count(*) AS n FROM spotify_call_hours WHERE user_id = ?")
    .get(userId)?.n ?? 0;

describe("the Spotify call ledger and account deletion", () => {
  test("calls counted before the deletion are not written back under the deleted account's id", async () => {
    const listener = await h.signIn("ledger-leaver", 120);
    await h.workSettled(listener);
    const before = h.crate.deps.spotifyCalls.totalLast24h();
    expect(before).toBeGreaterThan(0);
    const deleted = await h.call(listener.cookie, "POST", "/api/user/delete-data");
    expect(deleted.status).toBe(200);
    h.crate.deps.spotifyCalls.flush();
    expect(rowsOf(listener.userId)).toBe(0);
    // still counted, without an id: Spotify's quota counted them
    expect(h.crate.deps.spotifyCalls.last24h().total).toBe(before);
  }, 60_000);
});
