// A server killed (SIGKILL) in the middle of a distribution and started again finishes it at start-up,
// with no duplicate and no lost song. The server runs as a child process against a standalone emulator.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import {
  type SpotifyEmulatorServer,
  startSpotifyEmulatorServer,
} from "../../../src/emulators/spotify/server.ts";
import { classifyTrack } from "../../../src/server/library/classify.ts";
import { freePort, tempDir } from "../../support/server.ts";
import { credentials } from "./support.ts";

const root = join(import.meta.dir, "../../..");
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

let spotify: SpotifyEmulatorServer;
let dir: string;
let port: number;
let child: Subprocess | null = null;
let cookie = "";

const base = () => `http://localhost:${port}`;

async function startCrate(): Promise<void> {
  child = Bun.spawn([process.execPath, join(root, "src/server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: join(dir, "crate.db"),
      SPOTIFY_CLIENT_ID: credentials.clientId,
      SPOTIFY_CLIENT_SECRET: credentials.clientSecret,
      SPOTIFY_ACCOUNTS_URL: spotify.accountsUrl,
      SPOTIFY_API_URL: spotify.apiUrl,
      JOBS: "off",
      LOG_LEVEL: "silent",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  const until = Date.now() + 30_000;
  for (;;) {
    const ok = await fetch(`${base()}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error("the server did not start");
    await Bun.sleep(50);
  }
}

async function signIn(): Promise<string> {
  const start = await fetch(`${base()}/api/authorize`, { redirect: "manual" });
  const jar = start.headers
    .getSetCookie()
    .map((l) => l.split(";")[0])
    .join("; ");
  const authorize = new URL(start.headers.get("location") ?? "", base());
  authorize.searchParams.set("emulator_user", listenerId);
  const consent = await fetch(authorize, { redirect: "manual" });
  const callback = await fetch(new URL(consent.headers.get("location") ?? "", authorize), {
    redirect: "manual",
    headers: { cookie: jar },
  });
  const session = callback.headers.getSetCookie().find((l) => l.startsWith("crate_session="));
  if (!session) throw new Error("sign-in failed");
  return session.split(";")[0] ?? "";
}

interface Progress {
  finished: boolean;
  progress: { distributionType: string; totalWork: number; completedWork: number }[];
}

const progressOf = async (id: string): Promise<Progress> =>
  (await (
    await fetch(`${base()}/api/distributor/${id}/progress`, { headers: { cookie } })
  ).json()) as Progress;

beforeAll(async () => {
  spotify = startSpotifyEmulatorServer({
    port: 0,
    ...credentials,
    catalogueSize: { artists: 1_000, tracks: 10_000 },
  });
  spotify.control.createListener({ id: listenerId, likes: 2_500 });
  dir = tempDir();
  port = freePort();
  await startCrate();
  cookie = await signIn();
  const db = new Database(join(dir, "crate.db"));
  db.query("UPDATE users SET membership_level = 'PremiumYearly'").run();
  db.close();
}, 60_000);

afterAll(async () => {
  child?.kill("SIGKILL");
  await child?.exited;
  await spotify.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("a distribution killed halfway finishes after a restart with no duplicate and no lost song", async () => {
  spotify.control.setFaults({ latencyMs: 15 });
  const res = await fetch(`${base()}/api/distributor/distribute-historically`, {
    method: "POST",
    headers: { cookie, origin: base(), "content-type": "application/json" },
    body: JSON.stringify({ playlistPreferences: selection }),
  });
  expect(res.status).toBe(200);
  const { distributionProgressId: id } = (await res.json()) as { distributionProgressId: string };

  // Kill it once songs are being added, well before the end.
  const until = Date.now() + 60_000;
  for (;;) {
    const p = await progressOf(id);
    const standard = p.progress.find((e) => e.distributionType === "Standard");
    expect(p.finished).toBe(false);
    if (standard && standard.completedWork > 0) break;
    if (Date.now() > until) throw new Error("no progress");
    await Bun.sleep(10);
  }
  child?.kill("SIGKILL");
  await child?.exited;
  const db = new Database(join(dir, "crate.db"));
  const interrupted = db
    .query<{ status: string; pending: number }, [string]>(
      `SELECT d.status, (SELECT count(*) FROM journal_steps s WHERE s.distribution_id = d.id AND s.status != 'done')
         AS pending FROM distributions d WHERE d.id = ?`,
    )
    .get(id);
  db.close();
  expect(interrupted?.status).toBe("running");
  expect(interrupted?.pending).toBeGreaterThan(0);

  spotify.control.setFaults({});
  await startCrate();
  const end = Date.now() + 60_000;
  let final = await progressOf(id);
  while (!final.finished && Date.now() < end) {
    await Bun.sleep(25);
    final = await progressOf(id);
  }
  expect(final.finished).toBe(true);
  for (const entry of final.progress) expect(entry.completedWork).toBe(entry.totalWork);

  const likes = [...spotify.control.likes(listenerId)].reverse();
  const ids = likes.map((l) => l.trackId);
  const playlists = new Map<string, string[]>();
  for (const summary of spotify.control.listenerPlaylists(listenerId)) {
    expect(playlists.has(summary.name)).toBe(false);
    playlists.set(summary.name, spotify.control.playlist(summary.id)?.trackIds ?? []);
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
      const facts = spotify.control.track(trackId);
      return facts ? classifyTrack(facts).includes(genre) : false;
    });
    expect(managed(genre) ?? []).toEqual(want);
  }
  for (const [name, items] of playlists)
    expect({ name, duplicates: items.length - new Set(items).size }).toEqual({ name, duplicates: 0 });
}, 180_000);
