// Quirks of Spotify's answers that the emulator does not model, through a proxy in front of it:
// - a saved song listed with `artists: null` (as for some unavailable or withdrawn releases): the library read
//   stores it without artists instead of failing, so the listener's sync and updates go on;
// - a playlist creation answered 503 although Spotify made it, with `GET /me/playlists` lagging behind: Crate
//   keeps looking for it a while before it makes the playlist again, so the listener never gets two.
import { afterAll, describe, expect, test } from "bun:test";
import { rewritingProxy } from "../../support/spotify-proxy.ts";
import { managed, setUpHarness } from "../distribution/support.ts";

let oddTrack = "";
/** how long a new playlist stays out of `GET /me/playlists` */
const LISTING_LAG_MS = 2_500;
let failNextCreation = false;
const createdAt = new Map<string, number>();

const proxy = rewritingProxy(async (req, answer) => {
  const path = new URL(req.url).pathname;
  if (answer.status >= 300) return undefined;
  if (path.endsWith("/me/tracks")) {
    const page = (await answer.json()) as { items: { track: { id: string; artists: unknown } }[] };
    for (const item of page.items) if (item.track.id === oddTrack) item.track.artists = null;
    return Response.json(page);
  }
  if (path.endsWith("/me/playlists") && req.method === "POST") {
    const made = (await answer.json()) as { id: string };
    createdAt.set(made.id, Date.now());
    if (failNextCreation) {
      failNextCreation = false;
      return Response.json({ error: { status: 503, message: "Service unavailable" } }, { status: 503 });
    }
    return Response.json(made, { status: answer.status });
  }
  if (path.endsWith("/me/playlists") && req.method === "GET") {
    const page = (await answer.json()) as { items: { id: string }[]; total: number };
    const fresh = (id: string) => Date.now() - (createdAt.get(id) ?? 0) < LISTING_LAG_MS;
    const items = page.items.filter((p) => !fresh(p.id));
    return Response.json({ ...page, items, total: page.total - (page.items.length - items.length) });
  }
  return undefined;
});
afterAll(() => proxy.stop());

const h = setUpHarness({ env: { SPOTIFY_API_URL: proxy.apiUrl } });

describe("Spotify's quirks", () => {
  test("a saved song listed with artists null is stored without artists; the sync and the update go on", async () => {
    proxy.setTarget(h.spotify.url);
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

  test("a creation answered 503 but made, with a lagging listing, leaves one playlist", async () => {
    proxy.setTarget(h.spotify.url);
    const listener = await h.premiumListener("lagging-listing", 30);
    await h.workSettled(listener);
    failNextCreation = true;
    await h.distributeAndWait(listener, ["Everything"]);
    expect(failNextCreation).toBe(false);
    const named = h.spotify.control
      .listenerPlaylists("lagging-listing")
      .filter((p) => p.name === managed("Everything"));
    expect(named).toHaveLength(1);
    expect(named[0]?.total).toBe(30);
  }, 60_000);
});
