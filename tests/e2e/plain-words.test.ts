// The demo's pages say one thing and no dead end, at 390 and 1440 wide: the free plan's limit in one wording; how
// many Spotify playlists an entry makes, said before it is ticked; a chosen playlist not in Spotify yet says so.
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { setMembershipLevel } from "../../src/server/billing/membership.ts";
import { users } from "../../src/server/db/schema/index.ts";
import { freePlanTexts } from "../../src/shared/free-plan.ts";
import { overviewTexts } from "../../src/shared/playlist-overview.ts";
import { seriousAxeViolations } from "../support/axe.ts";
import { appTakesOver, collectPageProblems, viewports } from "../support/browser.ts";
import { saveChoices, settledListener, setUpBrowserSuite } from "../support/e2e.ts";
import type { signedInCookies } from "../support/phone.ts";

const TIMEOUT = 120_000;
const suite = setUpBrowserSuite();
type Cookies = Awaited<ReturnType<typeof signedInCookies>>;
const widths = [
  ["390", viewports.phone],
  ["1440", viewports.desktop],
] as const;

const userIdOf = (spotifyId: string) =>
  suite.server.deps.db.select({ id: users.id }).from(users).where(eq(users.spotifyId, spotifyId)).get()?.id ??
  "";

/** Sentences about the free plan's songs where "latest" or "newest" stands alone, without "first". */
const contradicting = (text: string) =>
  (text.match(/[^.\n]*\b(latest|newest) 1,?000\b[^.\n]*/gi) ?? []).filter(
    (sentence) => !/\bfirst 1,?000\b/i.test(sentence),
  );
// biome-ignore lint/performance/useDomNodeTextContent: what a visitor sees, not the text of closed answers
const shownText = (page: Page) => page.evaluate(() => document.body.innerText);

let premium: Cookies;
let premiumId = "";
beforeAll(async () => {
  premiumId = `words-premium-${Date.now()}`;
  premium = await settledListener(suite, premiumId, 120);
  await setMembershipLevel(suite.server.deps, userIdOf(premiumId), "PremiumYearly", "admin");
}, TIMEOUT);

describe.each(widths)("at %s px wide", (_width, viewport) => {
  test(
    "the free plan's limit reads the same on Plans and in the FAQ: the first 1000, the newest",
    async () => {
      const page = await suite.browser.newPage(viewport);
      await page.goto(`${suite.server.url}/plans`);
      await page.getByText(freePlanTexts.planLine).first().waitFor();
      expect(await page.getByText(freePlanTexts.tableCell).count()).toBeGreaterThan(0);
      expect(contradicting(await shownText(page))).toEqual([]);
      await page.goto(`${suite.server.url}/faq`);
      await appTakesOver(page);
      // every answer opened in turn, and read as the visitor reads it
      const questions = page.locator("main button[aria-expanded]");
      let read = "";
      for (let i = 0; i < (await questions.count()); i++) {
        await questions.nth(i).click();
        await page.waitForTimeout(50);
        read += await shownText(page);
      }
      expect(read).toContain(freePlanTexts.which);
      expect(contradicting(read)).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "after Update playlists, a free listener with more liked songs is told the first 1000 were considered",
    async () => {
      const page = await suite.browser.newPage(viewport);
      await page.context().addCookies(await settledListener(suite, `words-free-${_width}-${Date.now()}`, 40));
      await page.goto(`${suite.server.url}/settings`);
      await appTakesOver(page);
      // a run of the listener's, as the button starts it, then its page as a library of 3,000 likes sees it
      const id = await page.evaluate(async () => {
        const res = await fetch("/api/distributor/distribute-historically", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ playlistPreferences: ["Chill"] }),
        });
        if (!res.ok) throw new Error(`distribute: ${res.status}`);
        const started = (await res.json()) as { distributionProgressId: string };
        sessionStorage.setItem(`${started.distributionProgressId}-numberOfLikedSongs`, "3000");
        return started.distributionProgressId;
      });
      await page.goto(`${suite.server.url}/playlists/distribution-success?distributionProgressId=${id}`);
      const prompt = page.getByTestId("upgrade-prompt");
      await prompt.waitFor();
      expect(await prompt.textContent()).toContain(freePlanTexts.consideredTitle);
      expect(contradicting(await shownText(page))).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "Liked in Month says how many Spotify playlists it makes before it is ticked, and the selection adds them up",
    async () => {
      const page = await suite.browser.newPage(viewport);
      const problems = collectPageProblems(page);
      await page.context().addCookies(premium);
      await page.goto(`${suite.server.url}/playlists`);
      await appTakesOver(page);
      const made = await page.evaluate(async () => {
        const res = await fetch("/api/trpc/distribution.playlistsMade");
        const body = (await res.json()) as {
          result: { data: { entries: { name: string; playlists: number }[] } };
        };
        return body.result.data.entries.find((e) => e.name === "Liked in Month")?.playlists ?? 0;
      });
      expect(made).toBeGreaterThan(1);
      await page.getByTestId("group-LikedAt").getByTestId("group-trigger").click();
      const row = page.locator('[data-testid=playlist-option][data-name="Liked in Month"]');
      await row.getByTestId("playlists-made").waitFor();
      expect(await row.getByTestId("playlists-made").textContent()).toBe(
        `Makes ${made} playlists in Spotify, one per month`,
      );
      await row.locator("label").first().click();
      const total = page.getByTestId("selection-spotify-playlists");
      expect(await total.textContent()).toBe(`This one makes ${made} playlists in Spotify.`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    },
    TIMEOUT,
  );
});

test(
  "a chosen playlist that is not in Spotify yet says so, and when it will be made",
  async () => {
    // no like of the listener is from this month on: the playlist waits for its first song
    await saveChoices(suite.server, premium, ["Liked in Month - Starting From Current Month"]);
    for (const [, viewport] of widths) {
      const page = await suite.browser.newPage(viewport);
      await page.context().addCookies(premium);
      await page.goto(`${suite.server.url}/playlists`);
      const rows = page.getByTestId("chosen-playlists");
      await rows.getByText(overviewTexts.waiting).waitFor();
      expect(await rows.textContent()).not.toContain("Created");
    }
  },
  TIMEOUT,
);
