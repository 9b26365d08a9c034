// The demo shows the reminder of a grant's end: signed in as the demo listener `crate-ending`, a visitor's access
// ends in 10 days (the banner's state), and after the next hourly update each playlist's description names the
// date. In real mode a listener of that name gets a fresh six-month grant like anyone.
import { describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { demoGrantEndsInDays, demoListeners } from "../../../src/shared/self-hosting.ts";
import { grantEndsAt, reminderSentence } from "../../../src/shared/spotify-access.ts";
import type { TestServer } from "../../support/server.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { signInAs } from "../account/signin.ts";
import { startHarness } from "../distribution/support.ts";

const DAY_MS = 86_400_000;
const ending = demoListeners.find((l) => l.id === "crate-ending")?.id ?? "";

const demo = setUpTestServer();

async function api(server: TestServer, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, origin: server.url, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

describe("the demo's listener whose access ends in 10 days", () => {
  test("sees the ending state at once and the reminder in every playlist after the next hourly update", async () => {
    expect(ending).toBe("crate-ending");
    const { cookie } = await signInAs(demo.url, ending);
    const access = await api(demo, cookie, "GET", "/api/user/spotify-access");
    expect(access.status).toBe(200);
    expect(access.body.state).toBe("ending");
    const endsIn = Date.parse(String(access.body.endsAt)) - demo.deps.clock.now();
    // six calendar months back from 10 days ahead, then six forward: 10 days, give or take a clamped month end
    expect(Math.abs(endsIn - demoGrantEndsInDays * DAY_MS)).toBeLessThanOrEqual(3 * DAY_MS);

    await Promise.all(demo.deps.signInSyncs.values());
    const started = await api(demo, cookie, "POST", "/api/distributor/distribute-historically", {
      playlistPreferences: ["Rock", "2010s"],
    });
    expect(started).toMatchObject({ status: 200 });
    const id = String(started.body.distributionProgressId);
    for (let finished = false; !finished; await Bun.sleep(25)) {
      finished = (await api(demo, cookie, "GET", `/api/distributor/${id}/progress`)).body.finished === true;
    }
    expect(await runHourlySync(demo.deps)).toMatchObject({ started: true, failures: 0 });

    const control = `${demo.url}/emulator/spotify/control`;
    const listed = (await (await fetch(`${control}/listeners/${ending}/playlists`)).json()) as {
      playlists: { id: string }[];
    };
    expect(listed.playlists.length).toBeGreaterThan(0);
    const sentence = reminderSentence(Date.parse(String(access.body.endsAt)), demo.deps.config.publicUrl);
    for (const { id: playlistId } of listed.playlists) {
      const playlist = (await (await fetch(`${control}/playlists/${playlistId}`)).json()) as {
        description: string;
      };
      expect(playlist.description.startsWith(sentence)).toBe(true);
    }
  }, 60_000);
});

describe("in real mode", () => {
  test("a listener named like the demo's gets a fresh six-month grant", async () => {
    const h = await startHarness();
    try {
      // the emulator seeds its demo listeners in any mode
      const before = h.crate.deps.clock.now();
      const { signIn } = await import("../distribution/support.ts");
      const listener = await signIn(h, "crate-ending", null);
      const access = await api(h.crate, listener.cookie, "GET", "/api/user/spotify-access");
      expect(access.body.state).toBe("active");
      expect(Date.parse(String(access.body.endsAt))).toBeGreaterThanOrEqual(grantEndsAt(before) - 1000);
    } finally {
      await h.dispose();
    }
  }, 60_000);
});
