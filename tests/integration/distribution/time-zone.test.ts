// The listener's time zone decides Liked At months: the Auckland like, against the running server; a zone
// changed in settings moves no song already placed. Also the settings calls (tRPC and REST) for the zone.
import { describe, expect, test } from "bun:test";
import { ErrorCode } from "../../../src/shared/errors.ts";
import { trpcCall } from "../admin/support.ts";
import { type Listener, setUpHarness } from "./support.ts";

const h = setUpHarness();

const MONTH = "Liked in Month";
/** 1 April 2025 09:00 in Auckland (NZDT, UTC+13) is 31 March 20:00 UTC. */
const AUCKLAND_APRIL_MORNING = "2025-03-31T20:00:00Z";

const premiumWithoutLikes = (id: string) => h.premiumListener(id, 0);
const setZone = (l: Listener, timeZone: string) =>
  h.call(l.cookie, "PUT", "/api/playlist-preferences/settings/time-zone", { timeZone });
const like = (id: string, addedAt: string) => h.spotify.control.like(id, { count: 1, addedAt })[0] ?? "";

describe("the Auckland like", () => {
  test("a like at 09:00 on 1 April in Auckland lands in 'Liked in April 2025'", async () => {
    const listener = await premiumWithoutLikes("tz-kiwi");
    expect((await setZone(listener, "Pacific/Auckland")).status).toBe(200);
    const track = like("tz-kiwi", AUCKLAND_APRIL_MORNING);

    await h.distributeAndWait(listener, [MONTH]);
    const playlists = h.playlistsOf("tz-kiwi");
    expect([...playlists.keys()]).toEqual(["Liked in April 2025 - Managed Playlist"]);
    expect(playlists.get("Liked in April 2025 - Managed Playlist")).toEqual([track]);
  });

  test("in UTC (no zone known) the same like is in March", async () => {
    const listener = await premiumWithoutLikes("tz-utc");
    const track = like("tz-utc", AUCKLAND_APRIL_MORNING);
    await h.distributeAndWait(listener, [MONTH]);
    expect(h.playlistsOf("tz-utc").get("Liked in March 2025 - Managed Playlist")).toEqual([track]);
  });

  test("after a zone change, songs already placed stay; new likes use the new zone", async () => {
    const listener = await premiumWithoutLikes("tz-mover");
    const first = like("tz-mover", AUCKLAND_APRIL_MORNING);
    await h.distributeAndWait(listener, [MONTH]);
    expect(h.playlistsOf("tz-mover").get("Liked in March 2025 - Managed Playlist")).toEqual([first]);

    expect((await setZone(listener, "Pacific/Auckland")).status).toBe(200);
    const second = like("tz-mover", "2025-04-30T20:00:00Z"); // 1 May 08:00 in Auckland
    h.clearThrottles();
    await h.distributeAndWait(listener, [MONTH]);
    const playlists = h.playlistsOf("tz-mover");
    expect(playlists.get("Liked in March 2025 - Managed Playlist")).toEqual([first]);
    expect(playlists.has("Liked in April 2025 - Managed Playlist")).toBe(false);
    expect(playlists.get("Liked in May 2025 - Managed Playlist")).toEqual([second]);
  });
});

describe("the time zone setting", () => {
  test("REST: read and changed on its own path, or along with the toggles", async () => {
    const listener = await h.signIn("tz-settings", 0);
    expect(
      (await h.call(listener.cookie, "GET", "/api/playlist-preferences/settings/time-zone")).body,
    ).toEqual({
      timeZone: "UTC",
      known: false,
    });
    expect((await setZone(listener, "europe/berlin")).body).toEqual({
      timeZone: "Europe/Berlin",
      known: true,
    });

    const zone = () => h.call(listener.cookie, "GET", "/api/playlist-preferences/settings/time-zone");
    // The settings call keeps its shape: the toggles as before, and optionally the zone.
    const toggles = { createPlaylistsAsPrivate: true, removePlaylistPostfix: false };
    const put = await h.call(listener.cookie, "PUT", "/api/playlist-preferences/settings", toggles);
    expect(put.status).toBe(200);
    expect(Object.keys(put.body)).toEqual(["settings"]);
    expect((await zone()).body.timeZone).toBe("Europe/Berlin");
    const withZone = await h.call(listener.cookie, "PUT", "/api/playlist-preferences/settings", {
      ...toggles,
      timeZone: "Asia/Tokyo",
    });
    expect(withZone.status).toBe(200);
    expect((await zone()).body).toEqual({ timeZone: "Asia/Tokyo", known: true });
    const data = await h.call(listener.cookie, "GET", "/api/user/personal-data");
    expect(data.body.user).toMatchObject({ timeZone: "Asia/Tokyo", spotifyAccountId: expect.any(String) });
    const settings = await h.call(listener.cookie, "GET", "/api/playlist-preferences/settings");
    expect(Object.keys(settings.body)).toEqual(["settings"]);
  });

  test("REST: a time zone that is no IANA name is 400 with errorCode 1, and nothing changes", async () => {
    const listener = await h.signIn("tz-bad-rest", 0);
    for (const timeZone of ["Mars/Olympus", "+02:00", "", 42]) {
      const answer = await h.call(listener.cookie, "PUT", "/api/playlist-preferences/settings/time-zone", {
        timeZone,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errorCode).toBe(ErrorCode.BadRequest);
      expect(typeof answer.body.error).toBe("string");
    }
    const settings = await h.call(listener.cookie, "PUT", "/api/playlist-preferences/settings", {
      createPlaylistsAsPrivate: false,
      removePlaylistPostfix: false,
      timeZone: "Nowhere/Land",
    });
    expect(settings.status).toBe(400);
    const read = await h.call(listener.cookie, "GET", "/api/playlist-preferences/settings/time-zone");
    expect(read.body).toEqual({ timeZone: "UTC", known: false });
    expect((await h.call(null, "GET", "/api/playlist-preferences/settings/time-zone")).status).toBe(401);
  });

  test("tRPC: settings.timeZone and settings.setTimeZone; bad input is BAD_REQUEST with data.errorCode 1", async () => {
    const listener = await h.signIn("tz-trpc", 0);
    const set = await trpcCall(
      h.crate.url,
      "mutation",
      "settings.setTimeZone",
      { timeZone: "Pacific/Auckland" },
      listener.cookie,
    );
    expect(set.status).toBe(200);
    const read = await trpcCall(h.crate.url, "query", "settings.timeZone", undefined, listener.cookie);
    expect(read.body?.result?.data).toEqual({ timeZone: "Pacific/Auckland", known: true });

    const bad = await trpcCall(
      h.crate.url,
      "mutation",
      "settings.setTimeZone",
      { timeZone: "UTC+2" },
      listener.cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.body?.error?.data?.errorCode).toBe(ErrorCode.BadRequest);
  });
});
