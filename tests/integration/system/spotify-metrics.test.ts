// /metrics and the admin statistics for Spotify's 2026 limits: listeners whose grant is ending or ended, and the Web
// API calls of the last 24 hours by kind (a sign-in's calls counted as signIn), the quota not paused.
import { expect, test } from "bun:test";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { addCalendarMonths } from "../../../src/shared/calendar.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { makeAdmin, makeUser, rest } from "../admin/support.ts";
import { signIn } from "../auth/flow.ts";

const TOKEN = "metrics-token-0123456789abcdef";
const NOW = Date.UTC(2026, 8, 1, 12);
const DAY = 86_400_000;
const clock = manualClock(NOW);
const server = setUpTestServer({ METRICS_TOKEN: TOKEN }, clock);

const gauge = (text: string, line: string) =>
  Number(
    text
      .split("\n")
      .find((l) => l.startsWith(`${line} `))
      ?.split(" ")[1] ?? Number.NaN,
  );

test("grants ending and ended, calls by kind and the quota: on /metrics and the admin statistics", async () => {
  await signIn(server.url, "crate-free");
  await Promise.all(server.deps.signInSyncs.values());
  const ending = makeUser(server.deps);
  const ended = makeUser(server.deps);
  const db = server.deps.db.$client;
  db.query("UPDATE users SET spotify_authorized_at = ? WHERE id = ?").run(
    addCalendarMonths(NOW + 5 * DAY, -6),
    ending.userId,
  );
  db.query("UPDATE users SET spotify_access_refused_at = ?, monitored = 0 WHERE id = ?").run(
    NOW - DAY,
    ended.userId,
  );

  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await res.text();
  expect(gauge(text, 'crate_spotify_access_listeners{state="ending"}')).toBe(1);
  expect(gauge(text, 'crate_spotify_access_listeners{state="ended"}')).toBe(1);
  expect(gauge(text, 'crate_spotify_calls_last_24h{kind="signIn"}')).toBeGreaterThan(0);
  expect(gauge(text, "crate_spotify_quota_paused")).toBe(0);

  const admin = makeAdmin(server.deps);
  const stats = await rest(server.url, "GET", "/api/admin/statistics", admin.cookie);
  expect(stats.status).toBe(200);
  expect(stats.body.spotify).toMatchObject({
    accessEndingWithin14Days: 1,
    accessEnded: 1,
    quota: { paused: false, since: null },
  });
  expect(stats.body.spotify.callsLast24h.byKind.signIn).toBe(stats.body.spotify.callsLast24h.total);
  expect(Object.keys(stats.body.spotify.callsLast24h.byKind).sort()).toEqual(
    ["analysis", "distribution", "hourly", "other", "reminder", "signIn"].sort(),
  );
  expect(stats.body.spotify.topListeners[0].calls).toBeGreaterThan(0);
  // named as the admin reads them, not a bare id
  expect(typeof stats.body.spotify.topListeners[0].spotifyId).toBe("string");
}, 60_000);
