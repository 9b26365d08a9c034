// A playlist's page on a phone and a wide screen: a song chosen from the list opens its detail on screen, keeping
// it out is confirmed where the listener looks with its own undo, and every reason is read whole (not cut off).
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { setMembershipLevel } from "../../src/server/billing/membership.ts";
import { users } from "../../src/server/db/schema/index.ts";
import { explainPageTexts, playlistPagePath } from "../../src/shared/explain.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { appTakesOver, collectPageProblems, viewports } from "../support/browser.ts";
import { saveChoices, settledListener, setUpBrowserSuite } from "../support/e2e.ts";

const TIMEOUT = 120_000;
const suite = setUpBrowserSuite();
const widths = [
  ["390", viewports.phone],
  ["1440", viewports.desktop],
] as const;
type Cookies = Awaited<ReturnType<typeof settledListener>>;
const userIdOf = (spotifyId: string) =>
  suite.server.deps.db.select({ id: users.id }).from(users).where(eq(users.spotifyId, spotifyId)).get()?.id ??
  "";
const DECADES = ["1990s", "2000s", "2010s", "2020s"];
const listeners = new Map<string, { cookies: Cookies; playlist: string }>();

/** The decade playlist with the most songs, from the listener's overview (one Spotify playlist each). */
async function fullestPlaylist(cookies: Cookies): Promise<string> {
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
  const answer = await fetch(`${suite.server.url}/api/trpc/playlists.overview`, { headers: { cookie } });
  const overview = (await answer.json()) as {
    result: { data: { playlists: { name: string; songCount: number }[] } };
  };
  const decades = overview.result.data.playlists.filter((p) => DECADES.includes(p.name));
  const [fullest] = decades.sort((a, b) => b.songCount - a.songCount);
  if (!fullest || fullest.songCount < 8) throw new Error("no playlist with songs to show");
  return fullest.name;
}

beforeAll(async () => {
  for (const [width] of widths) {
    const id = `playlist-page-${width}-${Date.now()}`;
    const cookies = await settledListener(suite, id, 150);
    // premium, for Partitions: its reasons are the longest ("… your likes in the order you liked them, 50 to a playlist")
    await setMembershipLevel(suite.server.deps, userIdOf(id), "PremiumYearly", "admin");
    await saveChoices(suite.server, cookies, [...DECADES, "Partitions of 50 Songs"]);
    listeners.set(width, { cookies, playlist: await fullestPlaylist(cookies) });
  }
}, TIMEOUT);

/** The listener's exclusions of the playlist, as the API lists them. */
const exclusionsOf = (page: Page, playlist: string) =>
  page.evaluate(async (name) => {
    const res = await fetch(`/api/playlists/${encodeURIComponent(name)}/exclusions`);
    return ((await res.json()) as { exclusions: unknown[] }).exclusions.length;
  }, playlist);

const onScreen = (page: Page, selector: string) =>
  page.waitForFunction((wanted) => {
    const box = document.querySelector(wanted)?.getBoundingClientRect();
    return box !== undefined && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);

describe.each(widths)("at %s px wide", (width, viewport) => {
  test(
    "every reason in the list is read whole",
    async () => {
      const { cookies } = listeners.get(width) ?? { cookies: [] };
      const page = await suite.browser.newPage(viewport);
      await page.context().addCookies(cookies);
      await page.goto(`${suite.server.url}${playlistPagePath("Partitions of 50 Songs 1")}`);
      await page.locator("[data-testid=song-reason]").first().waitFor();
      const cut = await page
        .locator("[data-testid=song-reason]")
        .evaluateAll((reasons) =>
          reasons
            .filter((r) => r.scrollHeight > r.clientHeight + 1 || r.scrollWidth > r.clientWidth + 1)
            .map((r) => r.textContent),
        );
      expect(cut).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "a song chosen lower down opens on screen; keeping it out is confirmed with its undo on screen, which works",
    async () => {
      const { cookies, playlist } = listeners.get(width) ?? { cookies: [], playlist: "" };
      const page = await suite.browser.newPage(viewport);
      const problems = collectPageProblems(page);
      await page.context().addCookies(cookies);
      await page.goto(`${suite.server.url}${playlistPagePath(playlist)}`);
      await appTakesOver(page);
      // the list read further down the page: its fifth song, the page scrolled to it
      const row = page.locator("[data-testid=explained-song]").nth(5);
      await row.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      await row.locator("button").click();
      const keepOut = page
        .getByTestId("song-detail")
        .getByRole("button", { name: explainPageTexts.keepSongOut });
      await onScreen(page, "[data-testid=song-detail] button");
      await keepOut.click();
      const toast = page.locator("[data-scope=toast][data-part=root]", {
        hasText: explainPageTexts.excludedNow,
      });
      await toast.waitFor();
      await onScreen(page, "[data-scope=toast][data-part=root]");
      const undo = toast.getByRole("button", { name: explainPageTexts.undo });
      expect(await undo.isVisible()).toBe(true);
      expect(await exclusionsOf(page, playlist)).toBe(1);
      await undo.click();
      await page
        .locator("[data-scope=toast][data-part=root]", { hasText: explainPageTexts.undone })
        .waitFor();
      expect(await exclusionsOf(page, playlist)).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );
});
