// One listener flooding Crate (sign-ins, AddRecordingOnce flips, distributions) while the hourly job runs: their
// waiting work coalesces (one library read, one full read), extra requests are refused with code 65, and the
// run serves everyone else without waiting on that listener's queue.
import { beforeAll, describe, expect, test } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { type Listener, setUpHarness } from "./support.ts";

const h = setUpHarness({ catalogueSize: { artists: 300, tracks: 4_000 } });
const others: Listener[] = [];
let flooder: Listener;
const FLOODER_LIKES = 2_500;
const everything = "Everything - Managed Playlist";

beforeAll(async () => {
  for (let i = 0; i < 8; i++) {
    const listener = await h.premiumListener(`steady-${i}`, 40, i + 1);
    await h.distributeAndWait(listener, ["Everything"]);
    others.push(listener);
  }
  flooder = await h.premiumListener("flooder", FLOODER_LIKES, 99);
  await h.crate.deps.work.idle(flooder.userId);
  // Every call to Spotify takes a while, as over the internet.
  h.spotify.control.setFaults({ latencyMs: 20 });
}, 180_000);

const libraryPages = () => h.spotify.control.calls().counts["GET /v1/me/tracks"] ?? 0;

function likeOneEach(): Map<string, string> {
  return new Map(others.map((l) => [l.id, h.spotify.control.like(l.id, { count: 1 })[0] ?? ""]));
}

function expectAdded(fresh: Map<string, string>): void {
  for (const [listenerId, trackId] of fresh) {
    expect(h.playlistsOf(listenerId).get(everything)).toContain(trackId);
  }
}

/** Songs stored before Crate kept ISRCs: turning AddRecordingOnce on asks for a full library read. */
function forgetFloodersRecordings(): void {
  h.crate.deps.db.$client
    .query("UPDATE tracks SET isrc = NULL WHERE id IN (SELECT track_id FROM likes WHERE user_id = ?)")
    .run(flooder.userId);
}

async function flood(): Promise<number[]> {
  const statuses: number[] = [];
  const signIns = Array.from({ length: 40 }, () => h.signIn("flooder", null));
  for (let i = 0; i < 20; i++) {
    const answer = await h.call(flooder.cookie, "PUT", "/api/playlist-preferences/settings", {
      createPlaylistsAsPrivate: false,
      removePlaylistPostfix: false,
      addRecordingOnce: i % 2 === 0,
    });
    statuses.push(answer.status);
  }
  statuses.push((await h.distribute(flooder, ["Everything", "Latest 50 Liked Songs"])).status);
  await Promise.all(signIns);
  return statuses;
}

describe("one listener flooding during the hourly run", () => {
  test("the run serves everyone without waiting on the flooder's queue; the flood's reads coalesce", async () => {
    const quiet = likeOneEach();
    let started = performance.now();
    const calm = await runHourlySync(h.crate.deps);
    const calmMs = performance.now() - started;
    expect(calm).toMatchObject({ started: true, failures: 0 });
    expectAdded(quiet);

    const fresh = likeOneEach();
    forgetFloodersRecordings();
    h.spotify.control.resetCalls();
    const flooding = flood();
    // The run starts while the flood is going on.
    await Bun.sleep(50);
    started = performance.now();
    const busy = await runHourlySync(h.crate.deps);
    const busyMs = performance.now() - started;
    const statuses = await flooding;
    // Past ten changes in ten seconds the listener's settings changes are refused (code 68), never a 5xx.
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(10);
    expect(busy).toMatchObject({ started: true, failures: 0 });
    // Everyone was served; the flooder, if their own work still held their queue at the end, by the next run.
    expect(busy.usersProcessed + (busy.deferred ?? 0)).toBe(others.length + 1);
    expect(busy.usersProcessed).toBeGreaterThanOrEqual(others.length);
    expectAdded(fresh);
    // Without coalescing, every flip on queued its own full read (ten of them, 50 pages each).
    await h.crate.deps.work.idle(flooder.userId);
    const fullRead = Math.ceil(FLOODER_LIKES / 50);
    expect(libraryPages()).toBeLessThanOrEqual(2 * fullRead + 50);
    // The flooder's work is bounded, so the run costs at most a little more than a calm one.
    console.log(
      `hourly run: calm ${calmMs.toFixed(0)} ms, during the flood ${busyMs.toFixed(0)} ms; library pages read ${libraryPages()}`,
    );
    expect(busyMs).toBeLessThan(calmMs + 4_000);
  }, 120_000);

  test("past the bound, a listener's request is refused with code 65 and nothing is recorded", async () => {
    const work = h.crate.deps.work;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The flooder's queue is full of work that has not run yet.
    const pieces = [work.forUser(flooder.userId, () => held)];
    for (let i = 0; i < 4; i++) pieces.push(work.forUser(flooder.userId, async () => undefined));
    h.crate.deps.rateLimits.clear();
    const refused = await h.distribute(flooder, ["Everything"]);
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe(ErrorCode.WorkQueueFull);
    const analysis = await h.call(flooder.cookie, "POST", "/api/distributor/analysis");
    expect(analysis.body.errorCode).toBe(ErrorCode.WorkQueueFull);
    release();
    await Promise.all(pieces);
    const accepted = await h.distribute(flooder, ["Everything"]);
    expect(accepted.status).toBe(200);
  }, 60_000);
});

describe("one analysis kept per listener", () => {
  test("a new analysis replaces the listener's ended one and its segments", async () => {
    const sqlite = h.crate.deps.db.$client;
    const listener = others[0] as Listener;
    const analysesOf = () =>
      sqlite.query("SELECT id, status FROM analyses WHERE user_id = ?").all(listener.userId) as {
        id: string;
        status: string;
      }[];
    const segmentsOf = (id: string) =>
      (
        sqlite.query("SELECT count(*) AS n FROM analysis_segments WHERE analysis_id = ?").get(id) as {
          n: number;
        }
      ).n;
    const runOne = async () => {
      h.crate.deps.rateLimits.clear();
      const started = await h.call(listener.cookie, "POST", "/api/distributor/analysis");
      expect(started.status).toBe(200);
      await h.crate.deps.work.idle(listener.userId);
      return String(started.body.progressId);
    };
    const first = await runOne();
    expect(segmentsOf(first)).toBeGreaterThan(0);
    const second = await runOne();
    expect(analysesOf().map((a) => a.id)).toEqual([second]);
    expect(segmentsOf(first)).toBe(0);
    expect(segmentsOf(second)).toBeGreaterThan(0);
  }, 60_000);
});
