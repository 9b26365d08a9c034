// Distribution benchmark: libraries of 2,000, 10,000 and 20,000 likes into 100 playlists against the
// emulator (no latency), then an hourly sync with 0 and with 10 new likes, and one more with 10 new likes after
// the listener edited three playlists in Spotify. Provider calls are compared with the lower bound ⌈likes/50⌉
// reads + ⌈new artists/50⌉ + ⌈new tracks/100⌉ + creations + Σ⌈adds/100⌉ (+ Σ⌈removes/100⌉ for the rolling
// Latest N playlists on an hourly sync, and what noticing the listener's edits needs: which kept playlists are
// still in the library (a playlist deleted in the Spotify app only leaves it) and the version of each playlist
// written, either listed (⌈library/50⌉) or asked one by one (⌈kept/40⌉ + one per playlist written), whichever
// is fewer, plus a version of its own for each playlist written at a place, and ⌈items/50⌉ for each playlist
// whose version moved).

import { runHourlySync } from "../../src/server/distribution/batch/batch-jobs.ts";
import { allEntries } from "../../src/shared/catalogue/index.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { peakRss } from "./support/table.ts";

export const credentials = { clientId: "bench0c3e7f9b1d4f6a8c2e4b6d8f0a1c", clientSecret: "bench-secret" };

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
  /** an hourly sync's calls for the library and the playlists' versions and items (the listener's edits) */
  noticing?: { calls: number; written: number; placed: number };
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

export async function startEmulatorProcess(): Promise<Emulator> {
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

export async function control(
  emulator: Emulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
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

export async function signIn(
  crate: TestServer,
  listener: string,
): Promise<{ cookie: string; userId: string }> {
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
 * What noticing the listener's edits costs at least in a run since `since` that writes to playlists existing
 * before it: knowing which of the `kept` playlists are still in the library (`libraryTotal` playlists) and the
 * version of each playlist written, listed or one by one, whichever is fewer; a version read of its own for each
 * written at a place (Latest N's top); and `moved` items pages for the playlists whose version moved.
 */
export function editChecksSince(
  crate: TestServer,
  userId: string,
  since: number,
  library: { kept: number; total: number; movedPages: number },
): { bound: number; written: number; placed: number } {
  const written =
    crate.deps.db.$client
      .query<{ n: number }, [string, number, number, number]>(
        `SELECT count(DISTINCT mp.id) AS n FROM managed_playlists mp JOIN playlist_songs ps ON ps.playlist_id = mp.id
         WHERE mp.user_id = ? AND mp.created_at < ? AND (ps.added_at >= ? OR ps.removed_at >= ?)`,
      )
      .get(userId, since, since, since)?.n ?? 0;
  const placed =
    crate.deps.db.$client
      .query<{ n: number }, [string, number, number]>(
        `SELECT count(DISTINCT s.playlist_id) AS n FROM journal_steps s
         JOIN distributions d ON d.id = s.distribution_id JOIN managed_playlists mp ON mp.id = s.playlist_id
         WHERE d.user_id = ? AND d.created_at >= ? AND s.op = 'add' AND s.position IS NOT NULL
           AND mp.created_at < ?`,
      )
      .get(userId, since, since)?.n ?? 0;
  if (written === 0) return { bound: 0, written, placed };
  const look = Math.min(ceil(library.total, 50) + placed, ceil(library.kept, 40) + written);
  return { bound: look + library.movedPages, written, placed };
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

export async function waitFinished(crate: TestServer, cookie: string, id: string): Promise<void> {
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

    figures.push(await hourlyWithNewLikes(emulator, crate, listener, userId, likes, false));
    figures.push(await hourlyWithNewLikes(emulator, crate, listener, userId, likes, true));
    return figures;
  } finally {
    await crate.dispose();
  }
}

/** Crate's playlists on the emulator that the listener can edit: id and size, by name. */
async function spotifyPlaylists(emulator: Emulator, listener: string) {
  const { playlists } = (await control(emulator, "GET", `/listeners/${listener}/playlists`)) as {
    playlists: { id: string; name: string; total: number }[];
  };
  return playlists;
}

/**
 * An hourly sync with 10 new likes; `edited`: before it the listener removed a song from each Latest N playlist
 * but the largest and added one of their own (so those three are read at this update) and Crate learns it.
 */
async function hourlyWithNewLikes(
  emulator: Emulator,
  crate: TestServer,
  listener: string,
  userId: string,
  likes: number,
  edited: boolean,
): Promise<RunFigures> {
  let movedPages = 0;
  if (edited) {
    const latest = (await spotifyPlaylists(emulator, listener)).filter((p) =>
      /^Latest (50|100|200) /.test(p.name),
    );
    const own = (
      (await control(emulator, "GET", "/listeners/crate-free/likes")) as { likes: { trackId: string }[] }
    ).likes[0]?.trackId;
    for (const p of latest) {
      const details = (await control(emulator, "GET", `/playlists/${p.id}`)) as { trackIds: string[] };
      await control(emulator, "DELETE", `/playlists/${p.id}/items/${details.trackIds[3]}`);
      await control(emulator, "POST", `/playlists/${p.id}/items`, { trackIds: [own], position: 1 });
      movedPages += ceil(p.total, 50);
    }
  }
  await control(emulator, "POST", `/listeners/${listener}/likes`, { count: 10 });
  const artistsBefore = scalar(crate, "SELECT count(*) AS n FROM artists WHERE fetched_at IS NOT NULL");
  const tracksBefore = scalar(crate, "SELECT count(*) AS n FROM tracks");
  const playlistsBefore = scalar(
    crate,
    "SELECT count(*) AS n FROM managed_playlists WHERE spotify_playlist_id IS NOT NULL",
  );
  const library = {
    kept: scalar(
      crate,
      "SELECT count(*) AS n FROM managed_playlists WHERE user_id = ? AND status = 'active' AND spotify_playlist_id IS NOT NULL",
      userId,
    ),
    total: (await spotifyPlaylists(emulator, listener)).length,
    movedPages,
  };
  await control(emulator, "DELETE", "/calls");
  const since = crate.deps.clock.now();
  const ten = measure();
  await runHourlySync(crate.deps);
  const tenFigures = ten();
  const tenCalls = await callsSince(emulator);
  const edits = editChecksSince(crate, userId, since, library);
  const writes =
    1 +
    ceil(
      scalar(crate, "SELECT count(*) AS n FROM artists WHERE fetched_at IS NOT NULL") - artistsBefore,
      50,
    ) +
    ceil(scalar(crate, "SELECT count(*) AS n FROM tracks") - tracksBefore, 100) +
    (scalar(crate, "SELECT count(*) AS n FROM managed_playlists WHERE spotify_playlist_id IS NOT NULL") -
      playlistsBefore) +
    writesSince(crate, userId, since, "added_at") +
    writesSince(crate, userId, since, "removed_at");
  const noticing = ["GET /v1/me/playlists", "GET /v1/me/library/contains", "GET /v1/playlists/{playlist_id}"]
    .concat(edited ? ["GET /v1/playlists/{playlist_id}/items"] : [])
    .reduce((sum, endpoint) => sum + (tenCalls.counts[endpoint] ?? 0), 0);
  return {
    label: edited ? "  hourly, 10 new, 3 edited" : "  hourly, 10 new likes",
    likes,
    calls: tenCalls.counts,
    totalCalls: tenCalls.total,
    lowerBound: writes + edits.bound,
    noticing: { calls: noticing, written: edits.written, placed: edits.placed },
    ...tenFigures,
  };
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
