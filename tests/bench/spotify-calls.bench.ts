// What one listener costs in Spotify Web API calls (the development-mode quota counts every one): the first fill of
// six playlists from a library of 1,000 and of 10,000 likes (sign-in included), then two weeks of hourly updates
// with ten new likes a day (the weekly full re-reads included), as calls per day. Crate against the Spotify emulator on
// its own port, counted by Crate's own ledger (the figures SPOTIFY_DAILY_CALLS is measured against).
// Standalone: bun tests/bench/spotify-calls.bench.ts [likes ...]   (default 1000 10000)
import { runHourlySync } from "../../src/server/distribution/batch/batch-jobs.ts";
import { manualClock } from "../../src/server/platform/clock.ts";
import { distributeAndWait, startHarness } from "../integration/distribution/support.ts";
import { premiumListener } from "../integration/hardening/provider-faults-support.ts";

const SIX_PLAYLISTS = ["Everything", "Rock", "Pop", "Electronic", "2010s", "2020s"];
const HOUR = 3_600_000;
const DAYS = 14;
const LIKES_PER_DAY = 10;

export interface ListenerCost {
  likes: number;
  firstFill: { total: number; byKind: Record<string, number> };
  /** the period's calls divided by its days */
  perDay: number;
  weekByKind: Record<string, number>;
  /** pages of likes read in the period (a full re-read of N likes is N/50 pages) */
  likesPages: number;
}

export async function measureListenerCost(likes: number): Promise<ListenerCost> {
  const clock = manualClock(Date.UTC(2026, 10, 2, 0, 30));
  const h = await startHarness({
    clock,
    catalogueSize: { artists: 1_500, tracks: Math.max(3_000, likes + 2_000) },
  });
  try {
    const listener = await premiumListener(h, "measured", likes);
    await Promise.all(h.crate.deps.signInSyncs.values());
    await distributeAndWait(h, listener, SIX_PLAYLISTS);
    await h.crate.deps.metadataLookups.idle();
    const firstFill = h.crate.deps.spotifyCalls.last24h();
    // A day later the first fill has left the 24 hours: count the hourly updates on their own.
    clock.advance(25 * HOUR);
    h.spotify.control.resetCalls();
    let week = 0;
    const weekByKind: Record<string, number> = {};
    for (let day = 0; day < DAYS; day++) {
      for (let hour = 0; hour < 24; hour++) {
        if (hour % 2 === 0 && hour < LIKES_PER_DAY * 2) {
          h.spotify.control.like("measured", { count: 1, addedAt: new Date(clock.now()).toISOString() });
        }
        await runHourlySync(h.crate.deps);
        clock.advance(HOUR);
      }
      // The day just counted is the last 24 hours now.
      const dayCalls = h.crate.deps.spotifyCalls.last24h();
      week += dayCalls.total;
      for (const [kind, n] of Object.entries(dayCalls.byKind)) weekByKind[kind] = (weekByKind[kind] ?? 0) + n;
    }
    const likesPages = h.spotify.control.calls().counts["GET /v1/me/tracks"] ?? 0;
    return { likes, firstFill, perDay: week / DAYS, weekByKind, likesPages };
  } finally {
    await h.dispose();
  }
}

const kinds = (byKind: Record<string, number>) =>
  Object.entries(byKind)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");

export async function report(sizes: readonly number[] = [1_000, 10_000]): Promise<string> {
  const lines = [
    "Spotify Web API calls per listener (six playlists; then hourly updates, 10 new likes a day)",
    "likes    first fill  per day  likes pages read in 14 days  first fill by kind / 14 days by kind",
  ];
  for (const likes of sizes) {
    const cost = await measureListenerCost(likes);
    lines.push(
      `${String(likes).padStart(6)}  ${String(cost.firstFill.total).padStart(10)}  ${cost.perDay.toFixed(1).padStart(7)}  ${String(cost.likesPages).padStart(27)}  ${kinds(cost.firstFill.byKind)} / ${kinds(cost.weekByKind)}`,
    );
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  console.log(await report(sizes.length > 0 ? sizes : undefined));
}
