// The demo shows exclusions and corrections without a script: in demo mode the curating demo listener's first
// sign-in loads example choices, and their playlists' pages show a song kept out, an artist kept out and a
// corrected artist's reason. In real mode the same listener gets nothing.
import { beforeAll, describe, expect, test } from "bun:test";
import { demoCorrection } from "../../../src/server/playlists/demo-choices.ts";
import { explainTexts } from "../../../src/shared/explain.ts";
import type { Exclusion, PlaylistSongs } from "../../../src/shared/schemas/explain.ts";
import { demoCuratorId } from "../../../src/shared/self-hosting.ts";
import { setUpTestServer } from "../../support/suite.ts";
import { call, type Harness, type Listener, signIn } from "../distribution/support.ts";

let h: Harness;
let listener: Listener;
type Choices = { selection: string[]; exclusions: { playlist: string; kind: string; id: string }[] };
let choices: Choices;

const get = async <T>(path: string) => {
  const answer = await call(h, listener.cookie, "GET", path);
  expect(answer.status).toBe(200);
  return answer.body as T;
};
const songsOf = (name: string) =>
  get<PlaylistSongs>(`/api/playlists/${encodeURIComponent(name)}/songs?limit=500`);

const crate = setUpTestServer();
beforeAll(async () => {
  expect(crate.deps.config.demoMode).toBe(true);
  h = { crate, spotify: undefined as never, dispose: () => crate.dispose() };
  listener = await signIn(h, demoCuratorId, null);
  // The choices arrive after the sign-in's library read; then their update runs.
  for (let i = 0; i < 600; i++) {
    choices = await get<Choices>("/api/user/choices");
    if (choices.exclusions.length > 0) break;
    await Bun.sleep(100);
  }
  await Bun.sleep(20);
  while (crate.deps.work.isBusy(listener.userId)) await Bun.sleep(50);
}, 120_000);

describe("the demo's curating listener", () => {
  test("has playlists, a song and an artist kept out, and a correction, after signing in", async () => {
    expect(choices.selection).toEqual(expect.arrayContaining(["Rock", "Pop"]));
    expect(choices.exclusions.map((e) => e.kind).sort()).toEqual(["artist", "track"]);
    const corrections = await get<{
      artists: { artistId: string; genres: string[] | null; country: string }[];
    }>("/api/corrections");
    expect(corrections.artists).toHaveLength(1);
    expect(corrections.artists[0]?.genres).toEqual([...demoCorrection.genres]);
    expect(corrections.artists[0]?.country).toBe(demoCorrection.country);
  });

  test("the song kept out is listed below its playlist's songs as excluded, and is not in it", async () => {
    const track = choices.exclusions.find((e) => e.kind === "track");
    if (!track) throw new Error("no song kept out");
    const page = await songsOf(track.playlist);
    expect(page.total).toBeGreaterThan(0);
    expect(page.songs.map((s) => s.trackId)).not.toContain(track.id);
    const shown = page.notIncluded.find((s) => s.trackId === track.id);
    expect(shown?.kind).toBe("excluded");
    const listed = await get<{ exclusions: Exclusion[] }>(
      `/api/playlists/${encodeURIComponent(track.playlist)}/exclusions`,
    );
    expect(listed.exclusions.map((e) => e.id)).toContain(track.id);
  });

  test("the artist kept out has no song in that playlist", async () => {
    const artist = choices.exclusions.find((e) => e.kind === "artist");
    if (!artist) throw new Error("no artist kept out");
    const page = await songsOf(artist.playlist);
    expect(page.total).toBeGreaterThan(0);
    for (const song of page.songs) expect(song.artists.map((a) => a.id)).not.toContain(artist.id);
  });

  test("the corrected artist's songs are in Rock, their reason naming the correction", async () => {
    const corrections = await get<{ artists: { artistId: string }[] }>("/api/corrections");
    const artistId = corrections.artists[0]?.artistId;
    const rock = await songsOf("Rock");
    const theirs = rock.songs.filter((s) => s.artists.some((a) => a.id === artistId));
    expect(theirs.length).toBeGreaterThan(0);
    for (const song of theirs) {
      const artist = song.artists.find((a) => a.id === artistId)?.name ?? "";
      const text = explainTexts.correctedGenres("Genre", "Rock", artist, demoCorrection.genres);
      expect(song.reasons.map((r) => r.text)).toContain(text);
    }
  });
});

describe("the demo's curating listener, right after the choices are loaded", () => {
  // Loading them is the demo's doing, not a request of theirs: it does not take their one distribution in 30 s.
  test("their own first 'Update playlists' is accepted", async () => {
    const answer = await call(h, listener.cookie, "POST", "/api/distributor/distribute-historically", {
      playlistPreferences: choices.selection,
    });
    expect(answer).toMatchObject({ status: 200, body: { distributionProgressId: expect.any(String) } });
  });
});

describe("in real mode", () => {
  test("the same listener's sign-in loads nothing", async () => {
    const { startHarness } = await import("../distribution/support.ts");
    const real = await startHarness();
    try {
      expect(real.crate.deps.config.demoMode).toBe(false);
      const l = await signIn(real, demoCuratorId, null);
      await Bun.sleep(1500);
      while (real.crate.deps.work.isBusy(l.userId)) await Bun.sleep(50);
      const answer = await call(real, l.cookie, "GET", "/api/user/choices");
      expect(answer.body).toMatchObject({ selection: [], exclusions: [], corrections: [] });
    } finally {
      await real.dispose();
    }
  }, 60_000);
});
