// A like as Spotify may list it: a saved song whose `artists` is null (as for some unavailable or withdrawn
// releases). The library read stores it (with no artist) instead of failing, so the listener's sync and updates
// go on; the song is placed where it belongs without artist facts.
import { afterAll, describe, expect, test } from "bun:test";
import { managed, setUpHarness } from "../distribution/support.ts";

let target = "";
let oddTrack = "";
// Spotify as the emulator answers it, except that one listed song comes with `artists: null`
const proxy = Bun.serve({
  port: 0,
  async fetch(req) {
    const url = new URL(req.url);
    const forwarded = await fetch(`${target}${url.pathname}${url.search}`, {
      method: req.method,
      headers: req.headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer(),
    });
    if (!url.pathname.endsWith("/me/tracks") || forwarded.status !== 200) return forwarded;
    const page = (await forwarded.json()) as { items: { track: { id: string; artists: unknown } }[] };
    for (const item of page.items) if (item.track.id === oddTrack) item.track.artists = null;
    return Response.json(page, { headers: { "content-type": "application/json" } });
  },
});

afterAll(() => proxy.stop(true));

const h = setUpHarness({ env: { SPOTIFY_API_URL: `http://127.0.0.1:${proxy.port}/emulator/spotify/v1` } });

describe("a saved song listed with artists null", () => {
  test("is stored without artists; the sync and the update go on", async () => {
    target = h.spotify.url.replace("localhost", "127.0.0.1");
    h.spotify.control.createListener({ id: "odd-listing", likes: 40 });
    oddTrack = h.likesOldestFirst("odd-listing")[5]?.trackId ?? "";
    const listener = await h.premiumListener("odd-listing", null);
    await h.workSettled(listener);
    const stored = h.crate.deps.db.$client
      .query<{ n: number }, [string]>(
        "SELECT count(*) AS n FROM likes WHERE user_id = ? AND unliked_at IS NULL",
      )
      .get(listener.userId)?.n;
    expect(stored).toBe(40);
    await h.distributeAndWait(listener, ["Everything"]);
    const everything = h.playlistsOf("odd-listing").get(managed("Everything")) ?? [];
    expect(everything).toHaveLength(40);
    expect(everything).toContain(oddTrack);
  }, 60_000);
});
