// The personal-data export costs a read of everything Crate keeps about a listener: a few downloads an hour are
// answered, more are refused with code 66, and a batched tRPC request carries at most one such call (code 67 for the others).
import { describe, expect, test } from "bun:test";
import * as t from "../../../src/server/db/schema/index.ts";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { workLimits } from "../../../src/shared/work-limits.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { apiClient, seedEverything, seedUser } from "./seed.ts";

const clock = manualClock(Date.now());
const server = setUpTestServer({}, clock);

const trpcGet = (cookie: string, names: string[]) =>
  fetch(`${server.url}/api/trpc/${names.join(",")}?batch=1&input=${encodeURIComponent("{}")}`, {
    headers: { cookie },
  });

describe("limits on the personal-data export", () => {
  test("a few downloads an hour per listener; past them code 66, another listener unaffected; an hour later again", async () => {
    const user = seedUser(server.deps);
    seedEverything(server.deps, user.userId, "lim1");
    const api = apiClient(server.url, user.cookie);
    for (let i = 0; i < workLimits.personalDataPerHour; i++) {
      expect((await api("GET", "/api/user/personal-data")).status).toBe(200);
    }
    const refused = await api("GET", "/api/user/personal-data");
    expect(refused.status).toBe(429);
    expect(refused.json.errorCode).toBe(ErrorCode.PersonalDataTooOften);
    const viaTrpc = await trpcGet(user.cookie, ["account.personalData"]);
    expect(viaTrpc.status).toBe(429);
    const other = seedUser(server.deps);
    expect((await apiClient(server.url, other.cookie)("GET", "/api/user/personal-data")).status).toBe(200);
    clock.advance(3_600_001);
    expect((await api("GET", "/api/user/personal-data")).status).toBe(200);
  });

  test("twenty exports in one batched tRPC request: one is answered, the others are refused with code 67", async () => {
    const user = seedUser(server.deps);
    const res = await trpcGet(user.cookie, Array(20).fill("account.personalData"));
    const items = (await res.json()) as { result?: unknown; error?: { data: { errorCode: number } } }[];
    expect(items).toHaveLength(20);
    expect(items[0]?.result).toBeDefined();
    for (const item of items.slice(1))
      expect(item.error?.data.errorCode).toBe(ErrorCode.TooManyExpensiveCalls);
    // the refused ones did not count against the listener's allowance; cheap calls still batch freely
    const cheap = await trpcGet(user.cookie, ["account.personalData", "settings.get", "settings.timeZone"]);
    const answers = (await cheap.json()) as { result?: unknown }[];
    expect(answers.every((answer) => answer.result !== undefined)).toBe(true);
    const left = workLimits.personalDataPerHour - 2;
    const api = apiClient(server.url, user.cookie);
    for (let i = 0; i < left; i++) expect((await api("GET", "/api/user/personal-data")).status).toBe(200);
    expect((await api("GET", "/api/user/personal-data")).status).toBe(429);
  });

  test("a large library's download gives way: a request sent after it is answered before it", async () => {
    const user = seedUser(server.deps);
    const db = server.deps.db;
    db.$client.transaction(() => {
      for (let i = 0; i < 10_000; i++) {
        const id = `track-big-${i}`;
        db.insert(t.tracks)
          .values({ id, name: `Song ${i}`, artistIds: [], fetchedAt: 1 })
          .run();
        db.insert(t.likes)
          .values({ userId: user.userId, trackId: id, likedAt: 1_000 + i })
          .run();
      }
    })();
    const answered: string[] = [];
    const download = apiClient(server.url, user.cookie)("GET", "/api/user/personal-data").then((res) => {
      answered.push("download");
      return res;
    });
    await Bun.sleep(1);
    const health = fetch(`${server.url}/api/health`).then((res) => {
      answered.push("health");
      return res;
    });
    const [exported] = await Promise.all([download, health]);
    expect(answered).toEqual(["health", "download"]);
    // and the download is whole, in like order
    const songs = (exported.json as { likedSongs: { trackId: string }[] }).likedSongs;
    expect(songs).toHaveLength(10_000);
    expect(songs[0]?.trackId).toBe("track-big-0");
    expect(songs.at(-1)?.trackId).toBe("track-big-9999");
  });
});
