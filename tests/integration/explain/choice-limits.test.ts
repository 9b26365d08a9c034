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
const answer429Text = () => errorTexts[ErrorCode.ChoicesTooOften] ?? "";

describe("fairness: choices are limited per listener", () => {
  test("a correction flipped back and forth: past the allowance a change is refused with code 69 and its text; later it is taken", async () => {
    const allowed = workLimits.choicesPerWindow;
    const artist = h.spotify.control.track(songs[0] ?? "")?.artistIds[0] ?? "";
    const correction = `/api/corrections/artists/${artist}`;
    for (let i = 0; i < allowed; i++) {
      const answer =
        i % 2 === 0
          ? await h.call(listener.cookie, "PUT", correction, { genres: ["Jazz"], country: "SE" })
          : await h.call(listener.cookie, "DELETE", correction);
      expect([i, answer.status < 300]).toEqual([i, true]);
    }
    const refused = [
      await h.call(listener.cookie, "PUT", correction, { genres: ["Jazz"], country: "SE" }),
      await h.call(listener.cookie, "POST", exclusions, { trackId: songs[40] }),
      await h.call(listener.cookie, "DELETE", correction),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual({
        error: errorTexts[ErrorCode.ChoicesTooOften],
        errorCode: ErrorCode.ChoicesTooOften,
      });
    }
    // the text says what the listener may do, in plain words
    expect(answer429Text()).toContain(`up to ${allowed} exclusions, corrections and undos in 10 minutes`);
    // nothing of the refused changes was stored; reading them is not limited
    const listed = await h.call(listener.cookie, "GET", exclusions);
    expect(listed.status).toBe(200);
    expect(listed.body.exclusions).toEqual([]);
    expect((await h.call(listener.cookie, "GET", "/api/corrections")).body).toEqual({ artists: [] });
    // another listener chooses freely
    const theirs = h.likesOldestFirst(other.id)[0]?.trackId ?? "";
    expect((await h.call(other.cookie, "POST", exclusions, { trackId: theirs })).status).toBe(201);
    clock.advance(workLimits.choicesWindowMinutes * 60_000 + 1);
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
