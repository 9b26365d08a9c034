// A server killed (SIGKILL) at several random points of a distribution and started again each time finishes it
// at start-up, with no duplicate and no lost song. The server runs as a child process against a standalone
// emulator.

import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { classifyTrack } from "../../../src/server/library/classify.ts";
import { distributeIn, progressOf, progressWhenFinished, setUpProcessWorld } from "./process-support.ts";

const listenerId = "crash-listener";
const selection = [
  "Everything",
  "Partitions of 50 Songs",
  "Liked in Month",
  "Liked in Year",
  "Latest 100 Liked Songs",
  "Rock",
  "Pop",
  "2010s",
  "2020s",
];
const KILLS = 3;

const w = setUpProcessWorld({ listenerId, likes: 2_500, catalogueSize: { artists: 1_000, tracks: 10_000 } });

test("a distribution killed at random points finishes after each restart with no duplicate and no lost song", async () => {
  w.spotify.control.setFaults({ latencyMs: 15 });
  const id = await distributeIn(w, selection);

  // Kill it at seeded-random shares of the songs added, each a little further on; the last kill leaves it
  // unfinished on disk.
  let seed = 4242;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  let share = 0;
  for (let kill = 0; kill < KILLS; kill++) {
    share += (0.6 / KILLS) * (0.3 + random());
    const until = Date.now() + 60_000;
    for (;;) {
      const p = await progressOf(w, id);
      const standard = p.progress.find((e) => e.distributionType === "Standard");
      expect(p.finished).toBe(false);
      if (standard && standard.completedWork >= Math.max(1, standard.totalWork * share)) break;
      if (Date.now() > until) throw new Error("no progress");
      await Bun.sleep(5);
    }
    await w.crate.kill();
    const db = new Database(w.crate.databasePath);
    const interrupted = db
      .query<{ status: string; pending: number }, [string]>(
        `SELECT d.status, (SELECT count(*) FROM journal_steps s WHERE s.distribution_id = d.id AND s.status != 'done')
           AS pending FROM distributions d WHERE d.id = ?`,
      )
      .get(id);
    db.close();
    expect(interrupted?.status).toBe("running");
    expect(interrupted?.pending).toBeGreaterThan(0);
    if (kill === KILLS - 1) w.spotify.control.setFaults({});
    await w.crate.start();
  }

  const final = await progressWhenFinished(w, id, 60_000);
  expect(final.finished).toBe(true);
  for (const entry of final.progress) expect(entry.completedWork).toBe(entry.totalWork);

  const likes = [...w.spotify.control.likes(listenerId)].reverse();
  const ids = likes.map((l) => l.trackId);
  const playlists = new Map<string, string[]>();
  for (const summary of w.spotify.control.listenerPlaylists(listenerId)) {
    expect(playlists.has(summary.name)).toBe(false);
    playlists.set(summary.name, w.spotify.control.playlist(summary.id)?.trackIds ?? []);
  }
  const managed = (name: string) => playlists.get(`${name} - Managed Playlist`);
  expect(managed("Everything")).toEqual(ids);
  expect(managed("Latest 100 Liked Songs")).toEqual(ids.slice(-100).reverse());
  for (let part = 1; part <= 50; part++) {
    expect(managed(`Partitions of 50 Songs ${part}`)).toEqual(ids.slice((part - 1) * 50, part * 50));
  }
  const years = [...playlists].filter(([name]) => /^Liked in \d{4} - /.test(name));
  expect(years.flatMap(([, items]) => items).sort()).toEqual([...ids].sort());
  for (const genre of ["Rock", "Pop", "2010s", "2020s"]) {
    const want = ids.filter((trackId) => {
      const facts = w.spotify.control.track(trackId);
      return facts ? classifyTrack(facts).includes(genre) : false;
    });
    expect(managed(genre) ?? []).toEqual(want);
  }
  for (const [name, items] of playlists)
    expect({ name, duplicates: items.length - new Set(items).size }).toEqual({ name, duplicates: 0 });
}, 180_000);
