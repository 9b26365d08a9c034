// Spotify's six-month grant against the emulator: the reminder written once into every managed playlist's
// description in the last 14 days and taken back after a new sign-in; a grant Spotify refused costs no call over
// several hourly runs, and a new sign-in catches up exactly.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getAdminStatistics } from "../../../src/server/admin/statistics.ts";
import { spotifyAccessAnswer } from "../../../src/server/auth/spotify-access.ts";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { creationDescription } from "../../../src/server/distribution/journal/create-step.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { grantEndsAt, reminderSentence } from "../../../src/shared/spotify-access.ts";
import {
  call,
  distributeAndWait,
  type Harness,
  likesOldestFirst,
  playlistsOf,
  signIn,
  startHarness,
} from "../distribution/support.ts";
import { premiumListener } from "../hardening/provider-faults-support.ts";

const DAY = 86_400_000;
const selection = ["Everything", "Rock", "2010s"];
const clock = manualClock(Date.UTC(2026, 7, 3, 9));
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ clock });
}, 60_000);
afterAll(async () => {
  await h?.dispose();
});

/** What GET /api/user/spotify-access answers (the session itself has long expired months later). */
const accessOf = (userId: string) => spotifyAccessAnswer(h.crate.deps, userId);

const descriptions = (listenerId: string) =>
  h.spotify.control.listenerPlaylists(listenerId).map((p) => h.spotify.control.playlist(p.id)?.description);
const putCalls = () => h.spotify.control.calls().counts["PUT /v1/playlists/{playlist_id}"] ?? 0;

describe("the reminder before a grant ends", () => {
  test("written once into each managed playlist, naming the date and the address; gone after a new sign-in", async () => {
    const signedInAt = clock.now();
    const listener = await premiumListener(h, "reminded", 120);
    await distributeAndWait(h, listener, selection);
    const access = await call(h, listener.cookie, "GET", "/api/user/spotify-access");
    expect(access.body).toEqual({
      authorizedAt: new Date(signedInAt).toISOString(),
      endsAt: new Date(grantEndsAt(signedInAt)).toISOString(),
      state: "active",
      endedAt: null,
    });
    const playlists = h.spotify.control.listenerPlaylists("reminded");
    expect(playlists.length).toBeGreaterThanOrEqual(3);

    // Ten days before the end: one PUT per playlist, the sentence plus the mark Crate recognises it by.
    clock.set(grantEndsAt(signedInAt) - 10 * DAY);
    expect(accessOf(listener.userId).state).toBe("ending");
    h.spotify.control.resetCalls();
    expect(await runHourlySync(h.crate.deps)).toMatchObject({ failures: 0 });
    expect(putCalls()).toBe(playlists.length);
    const sentence = reminderSentence(grantEndsAt(signedInAt), h.crate.deps.config.publicUrl);
    for (const description of descriptions("reminded")) {
      expect(description?.startsWith(sentence)).toBe(true);
      expect(description).toMatch(/\(crate-[0-9a-f]{16}\)$/);
    }

    // Once: the next hours write nothing more.
    h.spotify.control.resetCalls();
    await runHourlySync(h.crate.deps);
    await runHourlySync(h.crate.deps);
    expect(putCalls()).toBe(0);

    // A new sign-in renews the grant; the next update writes the normal description back.
    await signIn(h, "reminded", null);
    expect(accessOf(listener.userId).state).toBe("active");
    h.spotify.control.resetCalls();
    await runHourlySync(h.crate.deps);
    expect(putCalls()).toBe(playlists.length);
    for (const description of descriptions("reminded")) {
      expect(description).toStartWith("Kept up to date with your liked songs by Crate. (crate-");
    }
    const identity = {
      userId: listener.userId,
      source: "predefined",
      preferenceKey: "Everything",
      bucket: "",
      sequence: 1,
    };
    expect(descriptions("reminded")).toContain(creationDescription(identity));
  }, 60_000);
});

describe("a grant Spotify refused", () => {
  test("no call for that listener over several hourly runs; after a sign-in every later like in place", async () => {
    // A Crate of its own, so that the calls counted are this listener's alone.
    await h.dispose();
    h = await startHarness({ clock });
    const listener = await premiumListener(h, "refused", 150);
    await distributeAndWait(h, listener, ["Everything"]);
    h.spotify.control.endGrant("refused");
    h.spotify.control.expireTokens();
    h.spotify.control.like("refused", { count: 25 });

    // The first run learns of the end from the token endpoint (one refused refresh, not retried).
    h.spotify.control.resetCalls();
    await runHourlySync(h.crate.deps);
    expect(h.spotify.control.calls().counts["POST /api/token"]).toBe(1);
    const access = await call(h, listener.cookie, "GET", "/api/user/spotify-access");
    expect(access.body.state).toBe("ended");
    expect(access.body.endedAt).toBe(new Date(clock.now()).toISOString());
    expect(getAdminStatistics(h.crate.deps).spotify.accessEnded).toBe(1);

    // Then nothing at all for them, hour after hour.
    h.spotify.control.resetCalls();
    for (let hour = 0; hour < 3; hour++) {
      clock.advance(3_600_000);
      await runHourlySync(h.crate.deps);
    }
    expect(h.spotify.control.calls().total).toBe(0);

    // Signing in again: the next update adds every like of the meantime, in order, nothing twice.
    await signIn(h, "refused", null);
    expect((await call(h, listener.cookie, "GET", "/api/user/spotify-access")).body.state).toBe("active");
    expect(await runHourlySync(h.crate.deps)).toMatchObject({ failures: 0 });
    const everything = [...playlistsOf(h, "refused").entries()].find(([name]) =>
      name.startsWith("Everything"),
    );
    expect(everything?.[1]).toEqual(likesOldestFirst(h, "refused").map((l) => l.trackId));
  }, 60_000);
});
