// Analysis segments, deletion, deselection, frozen premium playlists and the playlist settings.

import { describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { classifyTrack } from "../../../src/server/library/classify.ts";
import { allEntries } from "../../../src/shared/catalogue/index.ts";
import type { MembershipLevel } from "../../../src/shared/membership.ts";
import { setMembership } from "../../support/factories.ts";
import { type Listener, playlistsOf, setUpHarness } from "./support.ts";

const h = setUpHarness();

const setLevel = (l: Listener, level: MembershipLevel) => setMembership(h.crate.deps.db, level, l.userId);

interface Segment {
  segmentNumber: number;
  type: string;
  result: { preferenceName: string; numberOfSongsApplicable: number }[];
}

async function pollAnalysis(l: Listener, id: string): Promise<Segment[]> {
  const segments: Segment[] = [];
  const until = Date.now() + 30_000;
  for (;;) {
    const after = segments.at(-1)?.segmentNumber ?? 0;
    const answer = await h.call(
      l.cookie,
      "GET",
      `/api/distributor/analysis/${id}?afterSegmentNumber=${after}`,
    );
    expect(answer.status).toBe(200);
    segments.push(...(answer.body.results as Segment[]));
    const last = segments.at(-1);
    if (last && last.type !== "Data") return segments;
    if (Date.now() > until) throw new Error("analysis did not end");
    await Bun.sleep(10);
  }
}

describe("analysis", () => {
  test("segments arrive in order with growing counts; the last one is Completed with every entry", async () => {
    const l = await h.signIn("analysis-listener", 1_300);
    setLevel(l, "PremiumYearly");
    const started = await h.call(l.cookie, "POST", "/api/distributor/analysis");
    expect(started.status).toBe(200);
    const segments = await pollAnalysis(l, String(started.body.progressId));
    expect(segments.map((s) => s.segmentNumber)).toEqual(segments.map((_, i) => i + 1));
    expect(segments.map((s) => s.type)).toEqual(["Data", "Data", "Data", "Completed"]);
    const everything = segments.map(
      (s) => s.result.find((r) => r.preferenceName === "Everything")?.numberOfSongsApplicable,
    );
    expect(everything).toEqual([500, 1000, 1300, 1300]);
    const completed = segments.at(-1)?.result ?? [];
    expect(completed.map((r) => r.preferenceName).sort()).toEqual(allEntries.map((e) => e.name).sort());

    const counts = new Map<string, number>();
    for (const like of h.spotify.control.likes(l.id)) {
      const facts = h.spotify.control.track(like.trackId);
      if (!facts) continue;
      for (const name of classifyTrack({ ...facts })) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    for (const item of completed) {
      const entry = allEntries.find((e) => e.name === item.preferenceName);
      if (!entry || ["likedAt", "random", "latest", "everything", "partition"].includes(entry.kind.type))
        continue;
      expect({ name: item.preferenceName, n: item.numberOfSongsApplicable }).toEqual({
        name: item.preferenceName,
        n: counts.get(item.preferenceName) ?? 0,
      });
    }
    expect(completed.find((r) => r.preferenceName === "Latest 50 Liked Songs")?.numberOfSongsApplicable).toBe(
      50,
    );
  });

  test("a cancelled analysis ends with a Cancelled segment", async () => {
    const l = await h.signIn("analysis-cancel", 200);
    h.spotify.control.setFaults({ latencyMs: 300 });
    const started = await h.call(l.cookie, "POST", "/api/distributor/analysis");
    const id = String(started.body.progressId);
    const cancelled = await h.call(l.cookie, "POST", `/api/distributor/analysis/${id}/cancel`);
    expect(cancelled).toEqual({ status: 200, body: { cancelled: true } });
    h.spotify.control.setFaults({});
    const segments = await pollAnalysis(l, id);
    expect(segments.at(-1)?.type).toBe("Cancelled");
  });
});

describe("selection changes", () => {
  test("DELETE removes the playlists from Spotify and forgets the preference", async () => {
    const l = await h.signIn("delete-listener", 400);
    setLevel(l, "PremiumYearly");
    await h.distributeAndWait(l, ["Partitions of 100 Songs", "Everything"]);
    expect(h.playlistsOf(l.id).size).toBe(5);
    const deleted = await h.call(
      l.cookie,
      "DELETE",
      `/api/distributor/predefined/${encodeURIComponent("Partitions of 100 Songs")}`,
    );
    expect(deleted.status).toBe(200);
    expect((deleted.body.removedPlaylistNames as string[]).length).toBe(4);
    const until = Date.now() + 20_000;
    while (h.playlistsOf(l.id).size > 1 && Date.now() < until) await Bun.sleep(10);
    expect([...playlistsOf(h, l.id).keys()]).toEqual(["Everything - Managed Playlist"]);
    const prefs = await h.call(l.cookie, "GET", "/api/playlist-preferences");
    expect(prefs.body.usersSimplePlaylistPreferences).toEqual([
      { group: "Miscellaneous", name: "Everything" },
    ]);
    expect(
      h.crate.deps.db.$client
        .query("SELECT count(*) AS n FROM managed_playlists WHERE user_id = ?")
        .get(l.userId),
    ).toEqual({ n: 1 });
  });

  test("a deselected playlist stays on Spotify but is no longer updated", async () => {
    const l = await h.signIn("deselect-listener", 150);
    setLevel(l, "PremiumYearly");
    await h.distributeAndWait(l, ["Everything", "Liked in Year"]);
    h.clearThrottles();
    await h.distributeAndWait(l, ["Liked in Year"]);
    const before = h.playlistsOf(l.id).get("Everything - Managed Playlist");
    expect(before).toHaveLength(150);
    h.spotify.control.like(l.id, { count: 5 });
    await runHourlySync(h.crate.deps);
    expect(h.playlistsOf(l.id).get("Everything - Managed Playlist")).toEqual(before ?? []);
    const years = [...playlistsOf(h, l.id)].filter(([name]) => name.startsWith("Liked in 2"));
    expect(years.reduce((n, [, items]) => n + items.length, 0)).toBe(155);
  });

  test("premium-only playlists are frozen when premium ends; the others keep the newest 1000 in", async () => {
    const l = await h.signIn("frozen-listener", 100);
    setLevel(l, "PremiumYearly");
    await h.distributeAndWait(l, ["Everything", "1990s", "2000s", "2010s"]);
    const before = h.playlistsOf(l.id);
    setLevel(l, "Free");
    const fresh = h.spotify.control.like(l.id, { count: 20 });
    await runHourlySync(h.crate.deps);
    const after = h.playlistsOf(l.id);
    expect(after.get("Everything - Managed Playlist")).toEqual(
      before.get("Everything - Managed Playlist") ?? [],
    );
    const decadeAdds = ["1990s", "2000s", "2010s"].flatMap((d) => {
      const name = `${d} - Managed Playlist`;
      return (after.get(name) ?? []).slice((before.get(name) ?? []).length);
    });
    expect(decadeAdds.every((id) => fresh.includes(id))).toBe(true);
    const status = h.crate.deps.db.$client
      .query<{ status: string }, [string]>(
        "SELECT status FROM managed_playlists WHERE user_id = ? AND preference_key = 'Everything'",
      )
      .get(l.userId);
    expect(status?.status).toBe("frozen");
  });
});

describe("playlist settings", () => {
  test("private and postfix settings apply to new playlists", async () => {
    const l = await h.signIn("settings-listener", 80);
    h.crate.deps.db.$client
      .query(
        "INSERT INTO user_settings (user_id, create_playlists_as_private, remove_playlist_postfix) VALUES (?, 1, 1)",
      )
      .run(l.userId);
    const names = allEntries.filter((e) => e.group === "Decade").map((e) => e.name);
    await h.distributeAndWait(l, names);
    const created = h.spotify.control.listenerPlaylists(l.id);
    expect(created.length).toBeGreaterThan(0);
    for (const p of created) {
      expect(p.public).toBe(false);
      expect(names).toContain(p.name);
    }
  });
});
