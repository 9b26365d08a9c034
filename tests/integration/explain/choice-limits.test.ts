// Limits on what a listener's choices and reads cost: past a number of exclusions, corrections and undos in ten
// minutes a change is refused with code 69 (each starts or joins an update on Spotify), and past a number of
// whole-library reads in a minute a read is refused with code 42; other listeners are not affected, and the
// window moving on lets the listener go on.
import { beforeAll, describe, expect, test } from "bun:test";
import { manualClock } from "../../../src/server/platform/clock.ts";
import { ErrorCode, errorTexts } from "../../../src/shared/errors.ts";
import { workLimits } from "../../../src/shared/work-limits.ts";
import { type Listener, setUpHarness } from "../distribution/support.ts";

const clock = manualClock(Date.now());
const h = setUpHarness({ clock });
let listener: Listener;
let other: Listener;
let songs: string[] = [];

beforeAll(async () => {
  listener = await h.premiumListener("limited-chooser", 80, 6);
  other = await h.premiumListener("other-chooser", 80, 7);
  await h.distributeAndWait(listener, ["Everything"]);
  h.clearThrottles();
  await h.distributeAndWait(other, ["Everything"]);
  songs = h.likesOldestFirst(listener.id).map((l) => l.trackId);
}, 60_000);

const exclusions = "/api/playlists/Everything/exclusions";

describe("fairness: choices are limited per listener", () => {
  test("past the choices of ten minutes a change is refused with code 69, its text said; later it is taken", async () => {
    const allowed = workLimits.choicesPer10Minutes;
    for (let i = 0; i < allowed; i++) {
      const song = songs[Math.floor(i / 2)] ?? "";
      const answer =
        i % 2 === 0
          ? await h.call(listener.cookie, "POST", exclusions, { trackId: song })
          : await h.call(listener.cookie, "DELETE", `${exclusions}/track/${song}`);
      expect([i, answer.status]).toEqual([i, i % 2 === 0 ? 201 : 204]);
    }
    const artist = h.spotify.control.track(songs[0] ?? "")?.artistIds[0] ?? "";
    const refused = [
      await h.call(listener.cookie, "POST", exclusions, { trackId: songs[40] }),
      await h.call(listener.cookie, "PUT", `/api/corrections/artists/${artist}`, { country: "SE" }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({
        error: errorTexts[ErrorCode.ChoicesTooOften],
        errorCode: ErrorCode.ChoicesTooOften,
      });
    }
    // nothing of the refused changes was stored; reading them is not limited
    const listed = await h.call(listener.cookie, "GET", exclusions);
    expect(listed.status).toBe(200);
    expect(listed.body.exclusions).toEqual([]);
    expect((await h.call(listener.cookie, "GET", "/api/corrections")).body).toEqual({ artists: [] });
    // another listener chooses freely
    const theirs = h.likesOldestFirst(other.id)[0]?.trackId ?? "";
    expect((await h.call(other.cookie, "POST", exclusions, { trackId: theirs })).status).toBe(201);
    clock.advance(10 * 60_000 + 1);
    expect((await h.call(listener.cookie, "POST", exclusions, { trackId: songs[40] })).status).toBe(201);
    await h.workSettled(listener);
  }, 60_000);

  test("past the whole-library reads of a minute a read is refused with code 42, REST and tRPC alike", async () => {
    clock.advance(60_000);
    const allowed = workLimits.libraryReadsPerMinute;
    const song = songs[1] ?? "";
    for (let i = 0; i < allowed; i++)
      expect([i, (await h.call(listener.cookie, "GET", `/api/songs/${song}/placement`)).status]).toEqual([
        i,
        200,
      ]);
    const refused = await h.call(listener.cookie, "GET", "/api/playlists/Everything/songs");
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe(ErrorCode.RateLimited);
    const viaTrpc = await fetch(`${h.crate.url}/api/trpc/metadata.coverage`, {
      headers: { cookie: listener.cookie },
    });
    expect(viaTrpc.status).toBe(429);
    // cheap reads go on, and so do another listener's
    expect((await h.call(listener.cookie, "GET", exclusions)).status).toBe(200);
    expect((await h.call(other.cookie, "GET", "/api/playlists/Everything/songs")).status).toBe(200);
    clock.advance(60_000 + 1);
    expect((await h.call(listener.cookie, "GET", "/api/playlists/Everything/songs")).status).toBe(200);
  }, 60_000);
});
