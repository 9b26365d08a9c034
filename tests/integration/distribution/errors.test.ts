// Validation, throttles and every error code of the distribution calls, over REST and tRPC.
import { beforeAll, describe, expect, test } from "bun:test";
import { appRouter } from "../../../src/server/trpc/_app.ts";
import { createCallerFactory, createContextInner } from "../../../src/server/trpc/core/init.ts";
import { allEntries } from "../../../src/shared/catalogue/index.ts";
import { ErrorCode, errorTexts, messages } from "../../../src/shared/errors.ts";
import { type Listener, setUpHarness } from "./support.ts";

const h = setUpHarness();
let free: Listener;
let premium: Listener;
let other: Listener;
const premiumOnly = allEntries.filter((e) => e.premiumOnly).map((e) => e.name);
const freeNames = allEntries.filter((e) => !e.premiumOnly).map((e) => e.name);

beforeAll(async () => {
  free = await h.signIn("errors-free", 60);
  premium = await h.premiumListener("errors-premium", 60);
  other = await h.signIn("errors-other", 30);
}, 60_000);

const expectCode = (
  answer: { status: number; body: Record<string, unknown> },
  status: number,
  code: number,
) => {
  expect({ status: answer.status, errorCode: answer.body.errorCode }).toEqual({ status, errorCode: code });
  const text = errorTexts[code as keyof typeof errorTexts];
  if (text) expect(answer.body.error).toBe(text);
};

async function waitUntil(check: () => boolean, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("condition not reached");
    await Bun.sleep(10);
  }
}

describe("signed out", () => {
  test("every call answers 401 with code 6", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/playlist-preferences"],
      ["POST", "/api/distributor/distribute-historically", { playlistPreferences: ["Rock"] }],
      ["GET", "/api/distributor/x/progress"],
      ["DELETE", "/api/distributor/predefined/Rock"],
      ["POST", "/api/distributor/analysis"],
      ["GET", "/api/distributor/analysis/x?afterSegmentNumber=0"],
      ["POST", "/api/distributor/analysis/x/cancel"],
    ];
    for (const [method, path, body] of calls) expectCode(await h.call(null, method, path, body), 401, 6);
  });
});

describe("selection validation", () => {
  test("an empty selection is refused with the spec's text", async () => {
    const answer = await h.distribute(free, []);
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe(ErrorCode.BadRequest);
    expect(String(answer.body.error)).toContain(messages.mustChooseOne);
    expect((await h.call(free.cookie, "POST", "/api/distributor/distribute-historically", {})).status).toBe(
      400,
    );
  });

  test("an unknown name is code 9", async () => {
    expectCode(await h.distribute(free, ["Rock", "Not A Playlist"]), 400, 9);
    expectCode(await h.call(free.cookie, "DELETE", "/api/distributor/predefined/Not%20A%20Playlist"), 400, 9);
  });

  test("premium-only entries are code 30 below PremiumYearly", async () => {
    expectCode(await h.distribute(free, ["Rock", premiumOnly[0] ?? ""]), 403, 30);
  });

  test("more than 15 for free is code 30; more than 100 for premium is code 35", async () => {
    expectCode(await h.distribute(free, freeNames.slice(0, 16)), 403, 30);
    expectCode(await h.distribute(premium, freeNames.slice(0, 101)), 400, 35);
  });
});

describe("throttles and ongoing work", () => {
  test("code 18 while a distribution runs, then code 10 within 30 seconds", async () => {
    h.spotify.control.setFaults({ latencyMs: 150 });
    const first = await h.distribute(free, ["Rock", "Pop"]);
    expect(first.status).toBe(200);
    expectCode(await h.distribute(free, ["Rock"]), 409, 18);
    h.spotify.control.setFaults({});
    await h.waitForProgress(free, String(first.body.distributionProgressId));
    expectCode(await h.distribute(free, ["Rock"]), 429, 10);
    h.clearThrottles();
    expect((await h.distribute(free, ["Rock"])).status).toBe(200);
    await waitUntil(
      () =>
        h.crate.deps.db.$client.query("SELECT 1 FROM distributions WHERE status = 'running'").get() === null,
    );
  });

  test("code 34 while deletions run", async () => {
    h.clearThrottles();
    h.spotify.control.setFaults({ latencyMs: 300 });
    const deleted = await h.call(free.cookie, "DELETE", "/api/distributor/predefined/Rock");
    expect(deleted.status).toBe(200);
    expect(deleted.body.removedPlaylistNames).toEqual(["Rock - Managed Playlist"]);
    expectCode(await h.distribute(free, ["Pop"]), 409, 34);
    expectCode(await h.call(free.cookie, "DELETE", "/api/distributor/predefined/Pop"), 409, 34);
    h.spotify.control.setFaults({});
    await h.waitForProgress(free, String(deleted.body.distributionProgressId));
    expect(h.spotify.control.listenerPlaylists(free.id).map((p) => p.name)).not.toContain(
      "Rock - Managed Playlist",
    );
  });

  test("code 37 while an analysis runs; code 38 within 20 seconds of the last start", async () => {
    h.clearThrottles();
    h.spotify.control.setFaults({ latencyMs: 300 });
    const started = await h.call(premium.cookie, "POST", "/api/distributor/analysis");
    expect(started.status).toBe(200);
    expectCode(await h.distribute(premium, ["Rock"]), 409, 37);
    expectCode(await h.call(premium.cookie, "POST", "/api/distributor/analysis"), 409, 37);
    h.spotify.control.setFaults({});
    const id = String(started.body.progressId);
    await waitUntil(
      () =>
        h.crate.deps.db.$client
          .query("SELECT 1 FROM analyses WHERE id = ? AND status = 'completed'")
          .get(id) !== null,
    );
    expectCode(await h.call(premium.cookie, "POST", "/api/distributor/analysis"), 429, 38);
  });

  test("code 21 after deleting one's data and signing in again too recently", async () => {
    h.clearThrottles();
    h.crate.deps.db.$client
      .query("UPDATE users SET creation_blocked_until = ? WHERE id = ?")
      .run(Date.now() + 120_000, other.userId);
    expectCode(await h.distribute(other, ["Rock"]), 429, 21);
    h.crate.deps.db.$client
      .query("UPDATE users SET creation_blocked_until = NULL WHERE id = ?")
      .run(other.userId);
  });
});

describe("someone else's resources", () => {
  test("progress, analysis results and cancel of another user are 404; unknown ids too", async () => {
    h.clearThrottles();
    const mine = await h.distribute(other, ["Pop"]);
    const id = String(mine.body.distributionProgressId);
    await h.waitForProgress(other, id);
    expectCode(await h.call(free.cookie, "GET", `/api/distributor/${id}/progress`), 404, 4);
    expectCode(await h.call(free.cookie, "GET", "/api/distributor/nope/progress"), 404, 4);
    const analysis = await h.call(other.cookie, "POST", "/api/distributor/analysis");
    const analysisId = String(analysis.body.progressId);
    expectCode(
      await h.call(free.cookie, "GET", `/api/distributor/analysis/${analysisId}?afterSegmentNumber=0`),
      404,
      4,
    );
    expectCode(await h.call(free.cookie, "POST", `/api/distributor/analysis/${analysisId}/cancel`), 404, 4);
    expect((await h.call(other.cookie, "GET", `/api/distributor/${id}/progress`)).status).toBe(200);
  });

  test("over tRPC the same service answers with the same codes", async () => {
    const token = free.cookie.slice("crate_session=".length);
    const caller = createCallerFactory(appRouter)(
      createContextInner({ deps: h.crate.deps, sessionToken: token }),
    );
    await expect(caller.distribution.progress({ id: "nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      caller.distribution.distributeHistorically({ playlistPreferences: ["Nope"] }),
    ).rejects.toMatchObject({
      cause: { code: 9 },
    });
    const prefs = await caller.distribution.preferences();
    expect(prefs.maxSelectedPlaylists).toBe(15);
    expect(prefs.combinatorialPlaylistPreferences).toEqual([]);
  });
});
