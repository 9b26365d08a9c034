// A playlist's page while other work of the listener holds their lane (an update, the hourly job's turn): it
// answers at once from what Crate knows instead of waiting behind that work for its snapshot check, and the check
// runs after that work, so a song removed in Spotify meanwhile is still noticed.
import { beforeAll, describe, expect, test } from "bun:test";
import { type Listener, managed, setUpHarness } from "../distribution/support.ts";

const h = setUpHarness();
let listener: Listener;

const onSpotify = () => h.playlistsOf(listener.id).get(managed("Everything")) ?? [];

async function removedOnPage(): Promise<{ ms: number; removed: string[] }> {
  const started = performance.now();
  const page = await h.call(listener.cookie, "GET", "/api/playlists/Everything/songs");
  expect(page.status).toBe(200);
  const removed = (page.body.notIncluded as { trackId: string; kind: string }[])
    .filter((s) => s.kind === "removed")
    .map((s) => s.trackId);
  return { ms: performance.now() - started, removed };
}

beforeAll(async () => {
  listener = await h.premiumListener("busy-page-listener", 40);
  await h.distributeAndWait(listener, ["Everything"]);
  await h.workSettled(listener);
}, 120_000);

describe("a playlist's page while the listener's lane is busy", () => {
  test("answers at once, and the removal in Spotify is noticed once that work is done", async () => {
    const playlist = h.spotify.control
      .listenerPlaylists(listener.id)
      .find((p) => p.name === managed("Everything"));
    const removed = onSpotify()[5] ?? "";
    h.spotify.control.removePlaylistItem(playlist?.id ?? "", removed);
    let release = () => {};
    const holding = h.crate.deps.work.forUser(
      listener.userId,
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      { name: "an update under way" },
    );
    const whileBusy = await removedOnPage();
    expect(whileBusy.ms).toBeLessThan(1_000);
    expect(whileBusy.removed).toEqual([]);
    release();
    await holding;
    await h.workSettled(listener);
    // noticed by the check queued behind that work (the activity read checks nothing itself)
    const activity = await h.call(listener.cookie, "GET", "/api/playlists/Everything/activity");
    const noticed = (activity.body.entries as { kind: string; songs: { trackId: string }[] }[]).filter(
      (e) => e.kind === "removedInSpotify",
    );
    expect(noticed.map((e) => e.songs.map((s) => s.trackId))).toEqual([[removed]]);
    expect((await removedOnPage()).removed).toEqual([removed]);
  }, 60_000);
});
