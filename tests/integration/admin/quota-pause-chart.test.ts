// The operator charts show Spotify's quota pause from the persisted record: when it began and ended, its probes,
// and the time it covered in its bucket; a pause a restart cut short is closed at the next start.
import { expect, test } from "bun:test";
import { getAdminCharts } from "../../../src/server/admin/charts.ts";
import { QuotaHistory } from "../../../src/server/spotify/quota-history.ts";
import { distributeAndWait, startHarness } from "../distribution/support.ts";
import { premiumListener } from "../hardening/provider-faults-support.ts";

test("a quota pause appears on the charts with its start, end and probes", async () => {
  const h = await startHarness({ env: { SPOTIFY_QUOTA_PROBE_MS: "200" } });
  try {
    const listener = await premiumListener(h, "paused-chart", 120);
    await Promise.all(h.crate.deps.signInSyncs.values());
    expect(getAdminCharts(h.crate.deps, "48h").spotifyQuotaPauses).toEqual([]);

    // The quota is spent for 1 s: the run's calls pause, probes go out, then it finishes.
    h.spotify.control.setQuota({ calls: 1_000_000, periodSec: 1 });
    h.spotify.control.exhaustQuota();
    const before = Date.now();
    await distributeAndWait(h, listener, ["Everything"]);
    const after = Date.now();

    const charts = getAdminCharts(h.crate.deps, "48h");
    expect(charts.spotifyQuotaPauses).toHaveLength(1);
    const [pause] = charts.spotifyQuotaPauses;
    const since = Date.parse(pause?.since ?? "");
    const until = Date.parse(pause?.until ?? "");
    expect(since).toBeGreaterThanOrEqual(before - 1);
    expect(until).toBeGreaterThan(since);
    expect(until).toBeLessThanOrEqual(after);
    expect(pause?.probes).toBeGreaterThanOrEqual(1);
    expect(pause?.probes).toBe(h.crate.deps.spotify.quota().probes);
    const paused = charts.spotifyQuotaPausedMs.reduce((sum, p) => sum + (p.value ?? 0), 0);
    expect(paused).toBe(until - since);
    expect(getAdminCharts(h.crate.deps, "30d").spotifyQuotaPauses).toEqual(charts.spotifyQuotaPauses);

    // A pause still open when the process stopped is closed when the next one starts.
    const db = h.crate.deps.db;
    db.$client
      .query("INSERT INTO spotify_quota_pauses (started_at, ended_at, probes) VALUES (?, NULL, 3)")
      .run(after);
    const restartAt = after + 5_000;
    new QuotaHistory(db, () => restartAt);
    const closed = getAdminCharts(h.crate.deps, "48h").spotifyQuotaPauses.at(-1);
    expect(closed).toEqual({
      since: new Date(after).toISOString(),
      until: new Date(restartAt).toISOString(),
      probes: 3,
    });
  } finally {
    await h.dispose();
  }
}, 60_000);
