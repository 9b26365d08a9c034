// A playlist's own page in a real browser: 10,000 songs scroll on a phone (only the rows in view exist and are
// fetched), the why-not search, and "Never in this playlist" with its undo, checked against the emulated Spotify.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { explainPageTexts, playlistPagePath } from "../../src/shared/explain.ts";
import { createListener } from "../integration/account/signin.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { collectPageErrors, launchBrowser, type TestBrowser, viewports } from "../support/browser.ts";
import { makePremium } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const LISTENER = "e2e-explain";
/** a second listener: the first one's seeded songs are not on the emulated Spotify */
const CHOOSER = "e2e-explain-2";
const BIG = 10_000;
let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startTestServer();
  await createListener(server.url, LISTENER, 20);
  await createListener(server.url, CHOOSER, 120);
  browser = await launchBrowser();
  await fetch(`${server.url}/`).then((r) => r.text());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function signIn(viewport: { width: number; height: number }, listener = LISTENER): Promise<Page> {
  const page = await browser.newPage(viewport);
  await page.goto(`${server.url}/api/authorize`);
  await page.getByLabel("Listener id").fill(listener);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/`);
  return page;
}

const userId = () =>
  (server.deps.db.$client.query("SELECT id FROM users WHERE spotify_id = ?").get(LISTENER) as { id: string })
    .id;

/** Crate's records of a playlist of 10,000 songs (as a long-running premium listener's Everything would be). */
function seedBigPlaylist(owner: string): void {
  const db = server.deps.db.$client;
  const now = Date.now();
  db.transaction(() => {
    makePremium(server.deps.db, owner);
    db.query(
      "INSERT INTO artists (id, name, genres, fetched_at) VALUES ('bigArtist', 'The Many', '[\"classic rock\"]', ?)",
    ).run(now);
    const track = db.query(
      `INSERT INTO tracks (id, name, artist_ids, release_date, features_status, fetched_at)
       VALUES (?, ?, '["bigArtist"]', '1994-05-02', 'unavailable', ?)`,
    );
    const like = db.query("INSERT INTO likes (user_id, track_id, liked_at) VALUES (?, ?, ?)");
    const song = db.query(
      "INSERT INTO playlist_songs (playlist_id, track_id, added_at) VALUES ('bigPlaylist', ?, ?)",
    );
    db.query(
      `INSERT INTO managed_playlists (id, user_id, source, preference_key, name, spotify_playlist_id, track_count, created_at)
       VALUES ('bigPlaylist', ?, 'predefined', 'Everything', 'Everything - Managed Playlist', 'bigSpotifyId', ?, ?)`,
    ).run(owner, BIG, now);
    for (let i = 0; i < BIG; i++) {
      const id = `big${String(i).padStart(5, "0")}`;
      track.run(id, `Song number ${i + 1}`, now);
      like.run(owner, id, now - (BIG - i) * 60_000);
      song.run(id, now - (BIG - i) * 60_000);
    }
  })();
}

describe("a playlist of 10,000 songs on a phone", () => {
  test("renders only the rows in view, scrolls to the last song and explains it", async () => {
    const page = await signIn(viewports.phone);
    const errors = collectPageErrors(page);
    seedBigPlaylist(userId());
    await page.goto(`${server.url}${playlistPagePath("Everything")}`);
    await expect(page.getByTestId("song-total").textContent()).resolves.toBe("10,000 songs");
    const list = page.getByTestId("song-list");
    await page.getByTestId("explained-song").first().getByText("1. Song number 1").waitFor();
    const rendered = await page.getByTestId("explained-song").count();
    expect(rendered).toBeLessThan(40);
    // Scroll down the whole list in steps, one per frame, and time the frames.
    const frames = await list.evaluate(async (box) => {
      const gaps: number[] = [];
      let last = performance.now();
      const step = Math.ceil(box.scrollHeight / 120);
      for (let i = 0; i < 120; i++) {
        box.scrollTop += step;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const at = performance.now();
        gaps.push(at - last);
        last = at;
      }
      return gaps.sort((a, b) => a - b);
    });
    const median = frames[Math.floor(frames.length / 2)] ?? 0;
    console.log(
      `10,000 rows at 390 px: frame median ${median.toFixed(1)} ms, max ${frames.at(-1)?.toFixed(1)} ms`,
    );
    expect(median).toBeLessThan(100);
    const lastRow = page.locator('[data-testid="explained-song"][data-index="9999"]');
    await lastRow.getByText("10000. Song number 10000").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("explained-song").count()).toBeLessThan(40);
    await lastRow.getByRole("button").click();
    await expect(page.getByTestId("detail-reason").first().textContent()).resolves.toBe(
      "Everything: every liked song goes here",
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  }, 90_000);
});

describe("exclude, undo and why not", () => {
  test("a song kept out leaves the Spotify playlist, comes back after undo, and the search explains a song", async () => {
    const page = await signIn(viewports.desktop, CHOOSER);
    const errors = collectPageErrors(page);
    const started = await page.evaluate(async () => {
      const res = await fetch("/api/distributor/distribute-historically", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ playlistPreferences: ["1970s", "1980s", "1990s", "2000s", "2010s", "2020s"] }),
      });
      return (await res.json()) as { distributionProgressId: string };
    });
    await page.waitForFunction(
      async (id) => (await (await fetch(`/api/distributor/${id}/progress`)).json()).finished === true,
      started.distributionProgressId,
      { timeout: 60_000, polling: 200 },
    );
    const spotify = async () => {
      const answer = await fetch(`${server.url}/emulator/spotify/control/listeners/${CHOOSER}/playlists`);
      return ((await answer.json()) as { playlists: { id: string; name: string; total: number }[] })
        .playlists;
    };
    const target = (await spotify())
      .filter((p) => /^\d{4}s - /.test(p.name))
      .sort((a, b) => b.total - a.total)[0];
    // seen once with three test processes on two cores: what the run and Spotify held when no decade came
    if (!target) {
      const progress = await page.evaluate(
        async (id) => (await fetch(`/api/distributor/${id}/progress`)).json(),
        started.distributionProgressId,
      );
      throw new Error(
        `no decade playlist: ${JSON.stringify({ started, progress, playlists: await spotify() })}`,
      );
    }
    const name = (target?.name ?? "").replace(" - Managed Playlist", "");
    await page.goto(`${server.url}${playlistPagePath(name)}`);
    const firstRow = page.getByTestId("explained-song").first();
    await firstRow.getByRole("button").click();
    const songName = (await page.getByTestId("song-detail").locator("p").first().textContent()) ?? "";
    await expect(page.getByTestId("detail-reason").first().textContent()).resolves.toStartWith(
      `Decade ${name}: released`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: explainPageTexts.keepSongOut }).click();
    await page.getByTestId("exclusion").first().waitFor();
    const totalAfter = async () => (await spotify()).find((p) => p.id === target?.id)?.total ?? -1;
    const before = target?.total ?? 0;
    for (let i = 0; i < 100 && (await totalAfter()) !== before - 1; i++) await Bun.sleep(100);
    expect(await totalAfter()).toBe(before - 1);
    await page.getByRole("button", { name: `${explainPageTexts.undo}: ${songName}` }).click();
    await page.getByText(explainPageTexts.noExclusions).waitFor();
    for (let i = 0; i < 100 && (await totalAfter()) !== before; i++) await Bun.sleep(100);
    expect(await totalAfter()).toBe(before);

    await page.getByLabel(explainPageTexts.whyNotLabel).fill(songName.slice(0, 12));
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByTestId("search-hit").first().click();
    const decadeText = await page
      .locator('[data-group="Decade"] [data-testid="placement-text"]')
      .textContent();
    expect(decadeText).toStartWith("Decade ");
    const moodText = await page.locator('[data-group="Mood"] [data-testid="placement-text"]').textContent();
    expect(moodText?.length ?? 0).toBeGreaterThan(5);
    expect(errors).toEqual([]);
  }, 120_000);
});
