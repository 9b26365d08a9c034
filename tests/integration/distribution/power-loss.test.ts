// A power loss mid-run: the database comes back without the WAL's last commits (written, never synced), so
// some "sent" and "done" marks of writes Spotify did apply are gone. Started on that copy, Crate finishes the
// run with no duplicate song and no duplicate playlist: a resumed run treats its adds and creations as
// possibly sent (it reads each playlist once, looks for its creations by their mark).

import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  type SpotifyEmulatorServer,
  startSpotifyEmulatorServer,
} from "../../../src/emulators/spotify/server.ts";
import { type CrateProcess, crateProcess } from "../../support/crate-process.ts";
import { makeEveryonePremiumIn } from "../../support/factories.ts";
import { tempDir } from "../../support/server.ts";
import { copyWithoutLastCommits } from "../../support/wal.ts";
import { credentials, realModeEnv, signInAt } from "./support.ts";

const listenerId = "power-loss-listener";
const selection = ["Everything", "Partitions of 50 Songs", "Latest 100 Liked Songs", "Liked in Year", "Rock"];

let spotify: SpotifyEmulatorServer;
let dir: string;
let crate: CrateProcess;
let cookie = "";

const env = () => ({
  ...realModeEnv(spotify),
  // the same key before and after the power loss, kept apart from the data folder as the operator would
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
});

const signIn = (base: string) => signInAt(base, listenerId);

type Progress = {
  finished: boolean;
  progress: { distributionType: string; totalWork: number; completedWork: number }[];
};
async function progressOf(base: string, id: string): Promise<Progress> {
  const res = await fetch(`${base}/api/distributor/${id}/progress`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`progress answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Progress;
}

beforeAll(async () => {
  spotify = startSpotifyEmulatorServer({
    port: 0,
    ...credentials,
    catalogueSize: { artists: 600, tracks: 6_000 },
  });
  spotify.control.createListener({ id: listenerId, likes: 1_500 });
  dir = tempDir();
  crate = crateProcess({ dir: join(dir, "before"), env: env() });
  mkdirSync(join(dir, "before"), { recursive: true });
  await crate.start();
  cookie = await signIn(crate.url);
  makeEveryonePremiumIn(crate.databasePath);
}, 60_000);

afterAll(async () => {
  await crate.kill();
  await spotify.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("a run resumed from a database missing its last commits ends with no duplicate", async () => {
  spotify.control.setFaults({ latencyMs: 10 });
  const res = await fetch(`${crate.url}/api/distributor/distribute-historically`, {
    method: "POST",
    headers: { cookie, origin: crate.url, "content-type": "application/json" },
    body: JSON.stringify({ playlistPreferences: selection }),
  });
  expect(res.status).toBe(200);
  const { distributionProgressId: id } = (await res.json()) as { distributionProgressId: string };
  const until = Date.now() + 60_000;
  for (;;) {
    const standard = (await progressOf(crate.url, id)).progress.find(
      (e) => e.distributionType === "Standard",
    );
    if (standard && standard.totalWork > 0 && standard.completedWork >= standard.totalWork * 0.4) break;
    if (Date.now() > until) throw new Error("no progress");
    await Bun.sleep(5);
  }
  // The power goes: the files keep what was synced; the WAL's last commits never reached the disk.
  await crate.kill();
  const after = join(dir, "after");
  mkdirSync(after, { recursive: true });
  expect(copyWithoutLastCommits(crate.databasePath, join(after, "crate.db"), 6)).toBe(6);
  spotify.control.setFaults({});

  crate = crateProcess({ dir: after, env: env() });
  await crate.start();
  const end = Date.now() + 90_000;
  let final = await progressOf(crate.url, id);
  while (!final.finished && Date.now() < end) {
    await Bun.sleep(25);
    final = await progressOf(crate.url, id);
  }
  expect(final.finished).toBe(true);
  for (const entry of final.progress) expect(entry.completedWork).toBe(entry.totalWork);

  const ids = [...spotify.control.likes(listenerId)].reverse().map((l) => l.trackId);
  const playlists = new Map<string, string[]>();
  for (const summary of spotify.control.listenerPlaylists(listenerId)) {
    expect({ name: summary.name, twice: playlists.has(summary.name) }).toEqual({
      name: summary.name,
      twice: false,
    });
    playlists.set(summary.name, spotify.control.playlist(summary.id)?.trackIds ?? []);
  }
  for (const [name, items] of playlists)
    expect({ name, duplicates: items.length - new Set(items).size }).toEqual({ name, duplicates: 0 });
  expect(playlists.get("Everything - Managed Playlist")).toEqual(ids);
  expect(playlists.get("Latest 100 Liked Songs - Managed Playlist")).toEqual(ids.slice(-100).reverse());
  for (let part = 1; part <= 30; part++)
    expect(playlists.get(`Partitions of 50 Songs ${part} - Managed Playlist`)).toEqual(
      ids.slice((part - 1) * 50, part * 50),
    );
}, 180_000);
