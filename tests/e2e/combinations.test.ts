// The Combinations tab in a real browser against the real server and its Spotify emulator: a premium listener
// goes through the wizard to the created page, finds the playlists in Spotify and in the table, and deletes them
// (once confirming and skipping the confirmation from then on); a Free listener gets the premium-only error;
// 20 stored combinations replace the wizard with the no-more-room text. Set SCREENSHOT_DIR to keep screenshots.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { setMembershipLevel } from "../../src/server/billing/membership.ts";
import { decadeStartOf, genresOf, moodsOf } from "../../src/server/library/classify.ts";
import { compileCombination } from "../../src/shared/combinations/compile.ts";
import { describeCriteria } from "../../src/shared/combinations/definition.ts";
import { ErrorCode, messages, textForErrorCode } from "../../src/shared/errors.ts";
import { describeRule } from "../../src/shared/rules/describe.ts";
import { collectPageErrors, launchBrowser, type TestBrowser, viewports } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const PREMIUM = "e2e-combinations";
const FREE = "e2e-combinations-free";
const POSTFIX = " - Managed Playlist";

const screenshotDir = process.env.SCREENSHOT_DIR;

let server: TestServer;
let browser: TestBrowser;

async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

async function control(path: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(`${server.url}/emulator/spotify/control${path}`, {
    ...init,
    headers: { "content-type": "application/json" },
  });
  expect(res.status).toBeLessThan(300);
  return res.json();
}

interface Facts {
  genres: string[];
  decade: number | null;
  moods: string[];
}

async function likedFacts(listener: string): Promise<{ trackId: string; facts: Facts }[]> {
  const { likes } = (await control(`/listeners/${listener}/likes`)) as { likes: { trackId: string }[] };
  return Promise.all(
    likes.reverse().map(async ({ trackId }) => {
      const track = (await control(`/tracks/${trackId}`)) as {
        artistGenres: string[];
        releaseDate: string;
        features: Parameters<typeof moodsOf>[0];
      };
      const facts = {
        genres: genresOf(track.artistGenres),
        decade: decadeStartOf(track.releaseDate),
        moods: moodsOf(track.features),
      };
      return { trackId, facts };
    }),
  );
}

function mostCommon<T>(values: T[]): T {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const [first] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!first) throw new Error("no values");
  return first[0];
}

async function signIn(page: Page, listener: string): Promise<void> {
  await page.goto(`${server.url}/api/authorize`);
  await page.getByLabel("Listener id").fill(listener);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${server.url}/`);
}

function userIdOf(listener: string): string {
  const row = server.deps.db.$client
    .query<{ id: string }, [string]>("SELECT id FROM users WHERE spotify_id = ?")
    .get(listener);
  if (!row) throw new Error(`no user for ${listener}`);
  return row.id;
}

async function spotifyPlaylists(listener: string): Promise<{ id: string; name: string; total: number }[]> {
  const { playlists } = (await control(`/listeners/${listener}/playlists`)) as {
    playlists: { id: string; name: string; total: number }[];
  };
  return playlists;
}

beforeAll(async () => {
  server = await startTestServer();
  await control("/listeners", { method: "POST", body: JSON.stringify({ id: PREMIUM, likes: 80 }) });
  await control("/listeners", { method: "POST", body: JSON.stringify({ id: FREE, likes: 10 }) });
  browser = await launchBrowser();
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe("the Combinations tab", () => {
  test("wizard, created page, the playlists in Spotify and in the table, then deleting them", async () => {
    const liked = await likedFacts(PREMIUM);
    const genre = mostCommon(liked.flatMap((like) => like.facts.genres));
    const decade = mostCommon(
      liked
        .filter((l) => l.facts.genres.includes(genre) && l.facts.decade !== null)
        .map((l) => l.facts.decade),
    );
    const mood = mostCommon(liked.flatMap((like) => like.facts.moods));
    const roadTrip = liked.filter(
      ({ facts }) => (facts.genres.includes(genre) && facts.decade === decade) || facts.moods.includes(mood),
    );
    expect(roadTrip.length).toBeGreaterThan(0);

    const page = await browser.newPage(viewports.desktop);
    const pageErrors = collectPageErrors(page);
    await signIn(page, PREMIUM);
    await setMembershipLevel(server.deps, userIdOf(PREMIUM), "PremiumYearly", "admin");
    await page.goto(`${server.url}/playlists/combinations`);
    expect(await page.getByTestId("tab-combinations").getAttribute("aria-current")).toBe("page");
    await page.getByTestId("combinations-start").click();
    const wizard = page.getByTestId("combination-wizard");
    await wizard.waitFor();

    // Validation before anything is sent.
    await page.getByTestId("create-combinations").click();
    await expect(page.getByTestId("wizard-problem").textContent()).resolves.toBe(messages.playlistNeedsName);
    const first = page.getByTestId("playlist-draft").nth(0);
    await first.getByTestId("playlist-name").fill("Road Trip!");
    expect(await first.getByTestId("playlist-name").inputValue()).toBe("Road Trip");
    await page.getByTestId("create-combinations").click();
    await expect(page.getByTestId("wizard-problem").textContent()).resolves.toBe(messages.noCriteria);

    // Criterion 1: a genre from the virtualised list, and a decade; criterion 2: a mood.
    await first.getByTestId("add-genre").click();
    const list = first.getByTestId("genre-list");
    expect(await list.getAttribute("data-height")).toBe("341");
    await first.getByTestId("genre-filter").fill(genre.toLowerCase());
    await shot(page, "combinations-genre-list-desktop-1440");
    await first.locator(`[data-testid="genre-option"][data-name="${genre}"]`).click();
    expect(await first.getByTestId("criterion").count()).toBe(2);
    await first.getByTestId("criterion").nth(0).getByTestId("decade-select").selectOption(String(decade));
    await first.getByTestId("criterion").nth(1).getByTestId("mood-select").selectOption(mood);
    expect(await first.getByTestId("criterion").count()).toBe(3);
    // a filter added to an earlier criterion and removed again leaves the criteria as they were
    await first.getByTestId("criterion").nth(0).getByTestId("nationality-select").selectOption("Danish");
    await first.getByTestId("criterion").nth(0).getByTestId("nationality-select").selectOption("");
    expect(await first.getByTestId("criterion").count()).toBe(3);
    const roadTripCriteria = [
      { criterionNumber: 1, genres: [genre], decade, mood: null, nationality: null },
      { criterionNumber: 2, genres: [], decade: null, mood, nationality: null },
    ];
    // the draft in one sentence, as the table will say it
    await expect(first.getByTestId("rule-sentence").textContent()).resolves.toBe(
      describeRule(compileCombination({ criteria: roadTripCriteria })),
    );

    // A second playlist, from a subgenre.
    await page.getByTestId("add-playlist").click();
    const second = page.getByTestId("playlist-draft").nth(1);
    await page.getByTestId("create-combinations").click();
    await expect(page.getByTestId("wizard-problem").textContent()).resolves.toBe(messages.playlistsNeedName);
    await second.getByTestId("playlist-name").fill("Evening Mix");
    await second.getByTestId("add-genre").click();
    await second.getByTestId("genre-filter").fill("indie rock");
    await second.locator('[data-testid="genre-option"][data-name="indie rock"]').click();

    await shot(page, "combinations-wizard-desktop-1440");
    await page.setViewportSize(viewports.phone);
    await shot(page, "combinations-wizard-phone-390");
    await page.setViewportSize(viewports.desktop);
    await page.getByTestId("create-combinations").click();
    await page.waitForURL(/\/playlists\/combinations\/success\?distributionProgressId=/, { timeout: 30_000 });
    const progressId = new URL(page.url()).searchParams.get("distributionProgressId") ?? "";
    const stored = await page.evaluate(
      (key) => sessionStorage.getItem(key),
      `${progressId}-combinatorial-created`,
    );
    expect(JSON.parse(stored ?? "[]")).toEqual(["Road Trip", "Evening Mix"]);
    await page
      .locator('[data-testid="distribution-progress"][data-phase="finished"]')
      .waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("created-combinations").locator("li").allTextContents()).toEqual([
      "Evening Mix",
      "Road Trip",
    ]);
    expect(await page.getByTestId("created-text").textContent()).toContain(
      "have been created and will be kept up to date",
    );
    expect(await page.getByTestId("appears-note").textContent()).toContain("at least one");
    expect(await page.getByTestId("back-to-combinations").getAttribute("href")).toBe(
      "/playlists/combinations",
    );
    expect(await page.title()).toBe("Crate | Combination playlists created");
    await shot(page, "combinations-created-desktop-1440");

    // The playlist holds exactly the matching liked songs.
    const playlists = await spotifyPlaylists(PREMIUM);
    const created = playlists.find((p) => p.name === `Road Trip${POSTFIX}`);
    expect(created?.total).toBe(roadTrip.length);
    const { trackIds } = (await control(`/playlists/${created?.id}`)) as { trackIds: string[] };
    expect(trackIds).toEqual(roadTrip.map((like) => like.trackId));

    // The table: name, definition, delete.
    await page.getByTestId("back-to-combinations").click();
    const rows = page.getByTestId("combination-row");
    await rows.first().waitFor();
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-name")))).toEqual([
      "Road Trip",
      "Evening Mix",
    ]);
    expect(await rows.nth(0).getByTestId("combination-definition").textContent()).toBe(
      describeCriteria(roadTripCriteria),
    );
    expect(await rows.nth(1).getByTestId("combination-definition").textContent()).toBe("indie rock");

    await shot(page, "combinations-table-desktop-1440");

    // A playlist the listener deleted in Spotify is marked in its row (how the server finds out is in
    // tests/integration/distribution/vanished.test.ts); the mark is taken back before the deletion below.
    const markRoadTrip = (status: string) =>
      server.deps.db.$client
        .query(
          "UPDATE managed_playlists SET status = ? WHERE source = 'combination' AND name LIKE 'Road Trip%'",
        )
        .run(status);
    expect(markRoadTrip("vanished").changes).toBe(1);
    await page.reload();
    const roadTripRow = page.locator('[data-testid="combination-row"][data-name="Road Trip"]');
    await expect(roadTripRow.getByTestId("combination-vanished").textContent()).resolves.toBe(
      messages.combinationPlaylistVanished,
    );
    expect(await rows.nth(1).getByTestId("combination-vanished").count()).toBe(0);
    await shot(page, "combinations-vanished-desktop-1440");
    markRoadTrip("active");
    await page.reload();
    await roadTripRow.waitFor();
    // Delete with the confirmation, asking not to be asked again.
    await rows.nth(0).getByTestId("delete-combination").click();
    await page.getByTestId("confirm-dialog").waitFor();
    await shot(page, "combinations-delete-dialog-desktop-1440");
    await page.getByTestId("skip-delete-confirmation").click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page
      .locator('[data-testid="combination-row"][data-name="Road Trip"]')
      .waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("hideDeleteConfirmation"))).toBe("true");
    const until = Date.now() + 30_000;
    while ((await spotifyPlaylists(PREMIUM)).some((p) => p.name === `Road Trip${POSTFIX}`)) {
      if (Date.now() > until) throw new Error("the playlist was not deleted on Spotify");
      await Bun.sleep(100);
    }

    // The next delete goes without asking.
    await page.reload();
    await page.locator('[data-testid="combination-row"][data-name="Evening Mix"]').waitFor();
    await page.getByTestId("delete-combination").click();
    expect(await page.getByTestId("confirm-dialog").count()).toBe(0);
    await page.getByTestId("combinations-table").waitFor({ state: "detached" });
    expect(pageErrors).toEqual([]);
  }, 120_000);

  test("a Free listener gets the premium-only error; a narrow window gets the shorter list", async () => {
    const page = await browser.newPage({ width: 1000, height: 900 });
    await signIn(page, FREE);
    await page.goto(`${server.url}/playlists/combinations`);
    await page.getByTestId("combinations-start").click();
    await expect(page.getByTestId("error-text").textContent()).resolves.toBe(
      textForErrorCode(ErrorCode.FeatureNotAvailable),
    );
    expect(await page.getByTestId("combination-wizard").count()).toBe(0);

    await setMembershipLevel(server.deps, userIdOf(FREE), "FreeBeforePremiumIntroduced", "admin");
    await page.reload();
    await page.getByTestId("combinations-start").click();
    await page.getByTestId("add-genre").click();
    expect(await page.getByTestId("genre-list").getAttribute("data-height")).toBe("270");
  }, 60_000);

  test("on a phone a combination's name breaks between its words, and the page fits 320 px", async () => {
    const userId = userIdOf(PREMIUM);
    server.deps.db.$client
      .query(
        "INSERT INTO combinations (id, user_id, playlist_name, criteria, song_order, song_limit, active, created_at) VALUES (?, ?, ?, ?, 'likedNewestFirst', 100, 1, 0)",
      )
      .run(
        "two-words",
        userId,
        "Decade Favourites",
        '[{"criterionNumber":1,"genres":["Rock","Pop"],"decade":2020}]',
      );
    try {
      const page = await browser.newPage(viewports.phone);
      await signIn(page, PREMIUM);
      await page.goto(`${server.url}/playlists/combinations`);
      const name = page.locator('[data-testid="combination-row"][data-name="Decade Favourites"] td').first();
      await name.waitFor();
      // each word of the name on one line: a word broken across two lines has two boxes
      const boxesPerWord = await name.evaluate((cell) => {
        const text = cell.firstChild as Text;
        return [...(text.textContent ?? "").matchAll(/\S+/g)].map((word) => {
          const range = document.createRange();
          range.setStart(text, word.index ?? 0);
          range.setEnd(text, (word.index ?? 0) + word[0].length);
          return range.getClientRects().length;
        });
      });
      expect(boxesPerWord).toEqual([1, 1]);
      // and on the narrowest phone the page (its tabs, the table) is no wider than the screen
      await page.setViewportSize({ width: 320, height: 700 });
      await name.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    } finally {
      server.deps.db.$client.query("DELETE FROM combinations WHERE id = 'two-words'").run();
    }
  }, 60_000);

  test("with 20 stored combinations the wizard is replaced by the no-more-room text", async () => {
    const userId = userIdOf(PREMIUM);
    const insert = server.deps.db.$client.query(
      "INSERT INTO combinations (id, user_id, playlist_name, criteria, active, created_at) VALUES (?, ?, ?, ?, 1, ?)",
    );
    for (let i = 1; i <= 20; i++)
      insert.run(`stored-${i}`, userId, `Stored ${i}`, '[{"criterionNumber":1,"mood":"Chill"}]', i);
    const page = await browser.newPage(viewports.desktop);
    await signIn(page, PREMIUM);
    await page.goto(`${server.url}/playlists/combinations`);
    await page.getByTestId("combination-row").first().waitFor();
    await page.getByTestId("combinations-start").click();
    await expect(page.getByTestId("no-more-room").textContent()).resolves.toBe(messages.noMoreRoomWizard);
    expect(await page.getByTestId("combination-wizard").count()).toBe(0);
    expect(await page.getByTestId("combination-row").count()).toBe(20);
  }, 60_000);
});
