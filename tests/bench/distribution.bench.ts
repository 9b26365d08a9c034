// Distribution benchmark: libraries of 2,000, 10,000 and 20,000 likes into 100 playlists against the
// emulator (no latency), then an hourly sync with 0 and with 10 new likes. Provider calls are compared with
// the lower bound ⌈likes/50⌉ reads + ⌈new artists/50⌉ + ⌈new tracks/100⌉ + creations + Σ⌈adds/100⌉
// (+ Σ⌈removes/100⌉ for the rolling Latest N playlists on an hourly sync, and ⌈playlists written that existed
// before the run / 40⌉ library checks: a playlist deleted in the Spotify app only leaves the library).

import { runHourlySync } from "../../src/server/distribution/batch/batch-jobs.ts";
import { allEntries } from "../../src/shared/catalogue/index.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { peakRss } from "./support/table.ts";

const credentials = { clientId: "bench0c3e7f9b1d4f6a8c2e4b6d8f0a1c", clientSecret: "bench-secret" };

/** 100 entries: every premium-only one (15), then Genre, Decade, Mood, Tempo and Nationality in catalogue order. */
export const benchSelection: string[] = (() => {
  const premium = allEntries.filter((e) => e.premiumOnly).map((e) => e.name);
  const groups = ["Genre", "Decade", "Mood", "Tempo", "Nationality"];
  const free = groups.flatMap((g) => allEntries.filter((e) => e.group === g).map((e) => e.name));
  return [...premium, ...free].slice(0, 100);
})();

export interface RunFigures {
  label: string;
  likes: number;
  calls: Record<string, number>;
  totalCalls: number;
  lowerBound: number;
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
}

interface Emulator {
  url: string;
  accountsUrl: string;
  apiUrl: string;
  stop(): void;
}

async function startEmulatorProcess(): Promise<Emulator> {
  const child = Bun.spawn(
    [
      process.execPath,
      `${import.meta.dir}/emulator-process.ts`,
      credentials.clientId,
      credentials.clientSecret,
    ],
    {
      stdout: "pipe",
      stderr: "inherit",
    },
  );
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("emulator process ended");
    text += new TextDecoder().decode(value);
  }
  const urls = JSON.parse(text.slice(0, text.indexOf("\n"))) as Omit<Emulator, "stop">;
  return { ...urls, stop: () => child.kill() };
}

async function control(emulator: Emulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${emulator.url}/emulator/spotify/control${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function callsSince(emulator: Emulator): Promise<{ total: number; counts: Record<string, number> }> {
  return (await control(emulator, "GET", "/calls")) as { total: number; counts: Record<string, number> };
}

async function signIn(crate: TestServer, listener: string): Promise<{ cookie: string; userId: string }> {
  const start = await fetch(`${crate.url}/api/authorize`, { redirect: "manual" });
  const jar = start.headers
    .getSetCookie()
    .map((l) => l.split(";")[0])
    .join("; ");
  const authorize = new URL(start.headers.get("location") ?? "", crate.url);
  authorize.searchParams.set("emulator_user", listener);
  const consent = await fetch(authorize, { redirect: "manual" });
  const callback = await fetch(new URL(consent.headers.get("location") ?? "", authorize), {
    redirect: "manual",
    headers: { cookie: jar },
  });
  const session = callback.headers.getSetCookie().find((l) => l.startsWith("crate_session="));
  if (!session) throw new Error(`sign-in as ${listener} failed`);
  const cookie = session.split(";")[0] ?? "";
  const me = (await (await fetch(`${crate.url}/api/user/id`, { headers: { cookie } })).json()) as {
    userId: string;
  };
  return { cookie, userId: me.userId };
}

const ceil = (n: number, size: number) => Math.ceil(n / size);

function scalar(crate: TestServer, sql: string, ...params: string[]): number {
  const row = crate.deps.db.$client.query<{ n: number }, string[]>(sql).get(...params);
  return row?.n ?? 0;
}

/**
 * ⌈n/40⌉ for the playlists that existed before `since` and got songs added or removed since: the library check
 * (`GET /me/library/contains`, 40 URIs a call) a run makes before writing to existing playlists.
 */
function libraryChecksSince(crate: TestServer, userId: string, since: number): number {
  const row = crate.deps.db.$client
    .query<{ n: number }, [string, number, number, number]>(
      `SELECT count(DISTINCT mp.id) AS n FROM managed_playlists mp JOIN playlist_songs ps ON ps.playlist_id = mp.id
       WHERE mp.user_id = ? AND mp.created_at < ? AND (ps.added_at >= ? OR ps.removed_at >= ?)`,
    )
    .get(userId, since, since, since);
  return ceil(row?.n ?? 0, 40);
}

/** Σ⌈n/100⌉ over playlists for songs added (or removed) since `since`. */
function writesSince(
  crate: TestServer,
  userId: string,
  since: number,
  column: "added_at" | "removed_at",
): number {
  const rows = crate.deps.db.$client
    .query<{ n: number }, [string, number]>(
      `SELECT count(*) AS n FROM playlist_songs ps JOIN managed_playlists mp ON mp.id = ps.playlist_id
       WHERE mp.user_id = ? AND ps.${column} >= ? GROUP BY ps.playlist_id`,
    )
    .all(userId, since);
  return rows.reduce((sum, r) => sum + ceil(r.n, 100), 0);
}

function measure() {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const stopRss = peakRss();
  return () => {
    const used = process.cpuUsage(cpu);
    return {
      wallMs: performance.now() - started,
      cpuMs: (used.user + used.system) / 1000,
      peakRssMb: stopRss(),
    };
  };
}

async function waitFinished(crate: TestServer, cookie: string, id: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${crate.url}/api/distributor/${id}/progress`, { headers: { cookie } });
    const body = (await res.json()) as { finished: boolean; progress: { completedWork: number }[] };
    if (body.finished) {
      if (body.progress.some((p) => p.completedWork < 0)) throw new Error(`distribution ${id} failed`);
      return;
    }
    await Bun.sleep(20);
  }
}

/** One library size: a fresh Crate database (empty metadata cache), a new listener, 100 playlists. */
async function benchLibrary(emulator: Emulator, likes: number): Promise<RunFigures[]> {
  const crate = await startTestServer({
    SPOTIFY_CLIENT_ID: credentials.clientId,
    SPOTIFY_CLIENT_SECRET: credentials.clientSecret,
    SPOTIFY_ACCOUNTS_URL: emulator.accountsUrl,
    SPOTIFY_API_URL: emulator.apiUrl,
    PREMIUM: "off",
  });
  try {
    const listener = `bench-${likes}-${Date.now()}`;
    await control(emulator, "POST", "/listeners", { id: listener, likes, product: "premium" });
    const { cookie, userId } = await signIn(crate, listener);
    crate.deps.db.$client
      .query("UPDATE users SET membership_level = 'PremiumYearly' WHERE id = ?")
      .run(userId);
    await control(emulator, "DELETE", "/calls");

    const stop = measure();
    const res = await fetch(`${crate.url}/api/distributor/distribute-historically`, {
      method: "POST",
      headers: { cookie, origin: crate.url, "content-type": "application/json" },
      body: JSON.stringify({ playlistPreferences: benchSelection }),
    });
    const { distributionProgressId } = (await res.json()) as { distributionProgressId: string };
    await waitFinished(crate, cookie, distributionProgressId);
    const first = stop();
    const firstCalls = await callsSince(emulator);
    const lowerBound =
      ceil(likes, 50) +
      ceil(scalar(crate, "SELECT count(*) AS n FROM artists WHERE fetched_at IS NOT NULL"), 50) +
      ceil(scalar(crate, "SELECT count(*) AS n FROM tracks"), 100) +
      scalar(
        crate,
        "SELECT count(*) AS n FROM managed_playlists WHERE user_id = ? AND spotify_playlist_id IS NOT NULL",
        userId,
      ) +
      writesSince(crate, userId, 0, "added_at");
    const figures: RunFigures[] = [
      {
        label: `${likes} likes → 100 playlists`,
        likes,
        calls: firstCalls.counts,
        totalCalls: firstCalls.total,
        lowerBound,
        ...first,
      },
    ];

    await control(emulator, "DELETE", "/calls");
    const idle = measure();
    await runHourlySync(crate.deps);
    const idleCalls = await callsSince(emulator);
    figures.push({
      label: `  hourly, 0 new likes`,
      likes,
      calls: idleCalls.counts,
      totalCalls: idleCalls.total,
      lowerBound: 1,
      ...idle(),
    });

    await control(emulator, "POST", `/listeners/${listener}/likes`, { count: 10 });
    const artistsBefore = scalar(crate, "SELECT count(*) AS n FROM artists WHERE fetched_at IS NOT NULL");
    const tracksBefore = scalar(crate, "SELECT count(*) AS n FROM tracks");
    const playlistsBefore = scalar(
      crate,
      "SELECT count(*) AS n FROM managed_playlists WHERE spotify_playlist_id IS NOT NULL",
    );
    await control(emulator, "DELETE", "/calls");
    const since = crate.deps.clock.now();
    const ten = measure();
    await runHourlySync(crate.deps);
    const tenFigures = ten();
    const tenCalls = await callsSince(emulator);
    const tenBound =
      1 +
      ceil(
        scalar(crate, "SELECT count(*) AS n FROM artists WHERE fetched_at IS NOT NULL") - artistsBefore,
        50,
      ) +
      ceil(scalar(crate, "SELECT count(*) AS n FROM tracks") - tracksBefore, 100) +
      (scalar(crate, "SELECT count(*) AS n FROM managed_playlists WHERE spotify_playlist_id IS NOT NULL") -
        playlistsBefore) +
      writesSince(crate, userId, since, "added_at") +
      writesSince(crate, userId, since, "removed_at") +
      libraryChecksSince(crate, userId, since);
    figures.push({
      label: `  hourly, 10 new likes`,
      likes,
      calls: tenCalls.counts,
      totalCalls: tenCalls.total,
      lowerBound: tenBound,
      ...tenFigures,
    });
    return figures;
  } finally {
    await crate.dispose();
  }
}

export async function runDistributionBenchmark(
  sizes: readonly number[] = [2_000, 10_000, 20_000],
): Promise<RunFigures[]> {
  const emulator = await startEmulatorProcess();
  try {
    // Warm-up (JIT, emulator catalogue pages), not reported.
    await benchLibrary(emulator, 300);
    const all: RunFigures[] = [];
    for (const likes of sizes) all.push(...(await benchLibrary(emulator, likes)));
    return all;
  } finally {
    emulator.stop();
  }
}
