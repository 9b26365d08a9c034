import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { messages } from "../../src/shared/errors.ts";
import { appTakesOver, collectPageErrors, collectPageProblems, viewports } from "../support/browser.ts";
import { setUpBrowserSuite } from "../support/e2e.ts";
import { newThrottledPhone } from "../support/phone.ts";

const TIMEOUT = 60_000;
const suite = setUpBrowserSuite();

async function open(path: string, viewport: { width: number; height: number } = viewports.desktop) {
  const page = await suite.browser.newPage(viewport);
  const errors = collectPageErrors(page);
  await page.goto(`${suite.server.url}${path}`);
  // the page's own content (after its chunk loaded), not just the frame
  await page.locator("main h1").first().waitFor();
  return { page, errors };
}

/** Client-side navigation (wouter follows history.pushState), cheaper than loading the bundle again. */
async function navigate(page: Page, path: string) {
  await appTakesOver(page);
  await page.evaluate((target) => window.history.pushState(null, "", target), path);
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("landing page", () => {
  test(
    "renders the pitch, the sign-in links and the group cards, and the demo advances",
    async () => {
      const { page, errors } = await open("/");
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain(
        "Your liked songs",
      );
      expect(await page.title()).toBe("Crate | Playlists from your liked songs");
      const getStarted = page.getByRole("link", { name: "Get started for free" });
      expect(
        await getStarted.evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
      ).toContain("/login");
      expect(await page.getByTestId("hero-sign-in").isVisible()).toBe(true);

      const cards = page.getByTestId("group-card").locator("a");
      expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
        "/playlists/mood",
        "/playlists/genre",
        "/playlists/decade",
        "/playlists/nationality",
        "/playlists/liked-at",
        "/playlists/randomized",
        "/playlists/latest-liked-songs",
        "/playlists/miscellaneous",
      ]);
      expect(await page.locator('a[href="/playlists/combinations"]').count()).toBeGreaterThan(0);
      for (const href of ["/plans", "/login", "/policies"]) {
        expect(await page.locator(`main a[href="${href}"]`).count()).toBeGreaterThan(0);
      }

      // the demo plays from the first paint, before and after the app takes the page over: one song is shown
      await appTakesOver(page);
      const shownTitles = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-testid="demo"] [data-testid="demo-song-title"]')]
            .filter((title) => title.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
            .map((title) => title.textContent),
        );
      const first = await shownTitles();
      expect(first).toHaveLength(1);
      // Each frame while the song changes shows one song, and nothing in the demo is in a transition: one on a
      // song's elements (the reduced-motion rule once gave every element one) holds the song before visible until
      // a later frame, so a busy phone showed two songs at once.
      const frames = await page.evaluate(
        (previous) =>
          new Promise<{ songs: number[]; transitions: number[] }>((resolve) => {
            const demo = document.querySelector('[data-testid="demo"]');
            const titles = [...(demo?.querySelectorAll('[data-testid="demo-song-title"]') ?? [])];
            const songs: number[] = [];
            const transitions: number[] = [];
            let changedAt: number | undefined;
            const frame = () => {
              const shown = titles.filter((title) =>
                title.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
              );
              songs.push(shown.length);
              const running = demo?.getAnimations({ subtree: true }) ?? [];
              transitions.push(running.filter((animation) => animation instanceof CSSTransition).length);
              if (changedAt === undefined && shown.some((title) => title.textContent !== previous))
                changedAt = songs.length;
              // ten frames after the change, or five seconds of frames without one
              if ((changedAt !== undefined && songs.length > changedAt + 10) || songs.length > 600)
                resolve({ songs, transitions });
              else requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
          }),
        first[0],
      );
      expect(frames.songs.length).toBeLessThan(600);
      expect(new Set(frames.songs)).toEqual(new Set([1]));
      expect(new Set(frames.transitions)).toEqual(new Set([0]));
      expect(await shownTitles()).toHaveLength(1);
      expect(await page.getByTestId("demo-playlist").count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "on a slow phone, whose page is read in parts, the demo's steps start together: one song at a time",
    async () => {
      const page = await newThrottledPhone(suite.browser.browser);
      await page.goto(`${suite.server.url}/`);
      // Each CSS animation starts when its element is first styled; on a slow phone the page is parsed and styled
      // in parts, so the songs' steps (and what animates inside them) must be started together by the page.
      const startTimes = () =>
        page.evaluate(() => {
          const demo = document.querySelector('[data-testid="demo"]');
          const cycle = (demo?.getAnimations({ subtree: true }) ?? []).filter((animation) =>
            (animation as CSSAnimation).animationName.startsWith("crateDemo"),
          );
          return { animations: cycle.length, starts: [...new Set(cycle.map((a) => a.startTime))] };
        });
      await page
        .waitForFunction(
          () => {
            const demo = document.querySelector('[data-testid="demo"]');
            const starts = (demo?.getAnimations({ subtree: true }) ?? [])
              .filter((animation) => (animation as CSSAnimation).animationName.startsWith("crateDemo"))
              .map((animation) => animation.startTime);
            return starts.length > 0 && starts.every((start) => start !== null && start === starts[0]);
          },
          null,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      const { animations, starts } = await startTimes();
      expect(animations).toBeGreaterThan(5);
      expect(starts).toHaveLength(1);
    },
    TIMEOUT,
  );

  test(
    "the demo animates only what the compositor runs, each element by one animation: a phone's page thread stays free",
    async () => {
      const page = await suite.browser.newPage(viewports.phone, "no-preference");
      await page.goto(`${suite.server.url}/`);
      await page.getByTestId("demo").waitFor();
      // Anything else (a song shown by visibility, an element that two animations move, a hidden song's parts
      // moving) is animated by the page's own thread in every frame: on a slow phone the demo took half of it,
      // and a first tap waited for those frames.
      const animated = await page.evaluate(() => {
        const demo = document.querySelector("[data-demo]");
        const animations = demo?.getAnimations({ subtree: true }) ?? [];
        const describe = (animation: Animation) => {
          const effect = animation.effect as KeyframeEffect;
          const target = effect.target as Element;
          return `${(animation as CSSAnimation).animationName} on ${target.tagName.toLowerCase()}.${target.className}${effect.pseudoElement ?? ""}`;
        };
        const properties = (animation: Animation) => [
          ...new Set(
            (animation.effect as KeyframeEffect)
              .getKeyframes()
              .flatMap((keyframe) =>
                Object.keys(keyframe).filter(
                  (key) => !["offset", "computedOffset", "easing", "composite"].includes(key),
                ),
              ),
          ),
        ];
        // an element (or its pseudo-element) by identity: two song cells share their classes
        const elements: Element[] = [];
        const targets = animations.map((animation) => {
          const effect = animation.effect as KeyframeEffect;
          const target = effect.target as Element;
          if (!elements.includes(target)) elements.push(target);
          return `${elements.indexOf(target)}${effect.pseudoElement ?? ""}`;
        });
        return {
          count: animations.length,
          notOnCompositor: animations
            .filter((animation) => properties(animation).some((p) => p !== "transform" && p !== "opacity"))
            .map((animation) => `${describe(animation)}: ${properties(animation).join(", ")}`),
          twiceOnOneElement: animations
            .filter((_, i) => targets.indexOf(targets[i] ?? "") !== i)
            .map(describe),
        };
      });
      expect(animated.count).toBeGreaterThan(10);
      expect(animated.notOnCompositor).toEqual([]);
      expect(animated.twiceOnOneElement).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "remembers an outside referrer and passes it to the sign-in",
    async () => {
      const page = await suite.browser.newPage(viewports.desktop);
      await page.goto(`${suite.server.url}/`, { referer: "https://blog.example.org/post" });
      await page.getByTestId("hero-sign-in").waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem("referrer"))).toBe(
        "https://blog.example.org/post",
      );

      const authorize = page.waitForRequest((request) => request.url().includes("/api/authorize"));
      await page.route("**/api/authorize**", (route) => route.fulfill({ status: 204, body: "" }));
      await page.getByTestId("hero-sign-in").click();
      const url = new URL((await authorize).url());
      expect(url.pathname).toBe("/api/authorize");
      expect(url.searchParams.get("referrer")).toBe("https://blog.example.org/post");
    },
    TIMEOUT,
  );

  test(
    "does not remember the site's own pages as referrer",
    async () => {
      const page = await suite.browser.newPage(viewports.desktop);
      await page.goto(`${suite.server.url}/faq`, { referer: `${suite.server.url}/plans` });
      await page.locator("main h1").waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem("referrer"))).toBeNull();
    },
    TIMEOUT,
  );
});

describe("shell behaviour", () => {
  test(
    "a failed login lookup counts as logged out: the landing page shows",
    async () => {
      const page = await suite.browser.newPage(viewports.desktop);
      // a proxy in front of the server failing the start-up lookup
      await page.route("**/api/trpc/user.me**", (route) =>
        route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
      );
      await page.goto(`${suite.server.url}/`);
      await page.getByTestId("hero-sign-in").waitFor();
      expect(await page.locator("header").getByRole("link", { name: "Get started" }).isVisible()).toBe(true);
    },
    TIMEOUT,
  );

  test(
    "scrolls to the top when the first path segment changes, and the footer is complete",
    async () => {
      const { page } = await open("/");
      const footer = page.locator("footer");
      expect(await footer.locator('a[href="mailto:support@crate.example"]').count()).toBe(1);
      expect(await footer.locator('a[href="/policies/privacy-policy"]').count()).toBe(1);
      expect(await footer.locator('a[href="/policies/terms"]').count()).toBe(1);
      expect(await footer.locator('a[href="/policies"]').count()).toBe(1);
      expect(await footer.locator('a[target="_blank"]').count()).toBe(1);
      expect(await footer.getByTestId("not-affiliated").textContent()).toContain("not affiliated with");

      await footer.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await footer.getByRole("link", { name: "FAQ" }).click();
      await page.waitForURL(`${suite.server.url}/faq`);
      await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5_000 });
    },
    TIMEOUT,
  );
});

describe("mobile layout", () => {
  test(
    "the burger menu opens and navigates, and nothing overflows at 390 px",
    async () => {
      const { page, errors } = await open("/", viewports.phone);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);

      await page.getByTestId("menu-button").click();
      const menu = page.getByTestId("mobile-menu");
      await menu.waitFor();
      for (const label of ["Playlists", "Plans", "Feedback", "FAQ", "Get started"]) {
        expect(await menu.getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
      }
      await menu.getByRole("link", { name: "FAQ", exact: true }).click();
      await page.waitForURL(`${suite.server.url}/faq`);
      await page.locator("main h1", { hasText: "Frequently asked questions" }).waitFor();
      await menu.waitFor({ state: "hidden" });
      expect(await page.title()).toBe("Crate | FAQ");
      expect(await horizontalOverflow(page)).toBe(0);
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );
});

describe("catalogue pages", () => {
  test(
    "a premium-only group offers 'Get access with Premium' linking to /plans",
    async () => {
      const { page } = await open("/playlists/liked-at");
      const button = page.getByRole("link", { name: "Get access with Premium" });
      await button.waitFor();
      expect(await button.getAttribute("href")).toBe("/plans");
      expect(await page.getByTestId("catalogue-table").textContent()).toContain("Liked in Month");
      expect(await page.getByTestId("signup-prompt").count()).toBe(0);
      expect(await page.title()).toBe("Crate | Liked At playlists");
    },
    TIMEOUT,
  );

  test(
    "a free group shows a logged-out visitor the sign-up prompt",
    async () => {
      const { page } = await open("/playlists/tempo", viewports.phone);
      await page.getByTestId("signup-prompt").waitFor();
      expect(await page.getByTestId("premium-prompt").count()).toBe(0);
      expect(await page.getByTestId("catalogue-table").locator("tbody tr").allTextContents()).toEqual([
        "Very Slow (1-50 BPM)",
        "Slow (51-70 BPM)",
        "Midtempo (71-110 BPM)",
        "Fast (111-160 BPM)",
        "Very Fast (161+ BPM)",
      ]);
      expect(await horizontalOverflow(page)).toBe(0);
    },
    TIMEOUT,
  );
});

describe("not found and titles", () => {
  test(
    "an unknown path answers 404 and shows the not-found text with a link to /playlists, also after the app takes over",
    async () => {
      const page = await suite.browser.newPage(viewports.phone);
      const problems = collectPageProblems(page);
      const response = await page.goto(`${suite.server.url}/no/such/page`);
      expect(response?.status()).toBe(404);
      const notFound = page.getByTestId("not-found");
      await notFound.waitFor();
      expect(await notFound.textContent()).toContain(messages.notFound);
      expect(await notFound.getByRole("link").getAttribute("href")).toBe("/playlists");
      expect(await page.title()).toBe("Crate | Page not found");
      // the page arrived rendered and the app takes it over without a hydration error
      await appTakesOver(page);
      expect(await notFound.isVisible()).toBe(true);
      // (Chromium reports the document's own 404 in the console; nothing else may be there)
      expect(problems.filter((p) => !p.includes("status of 404 (Not Found)"))).toEqual([]);
      expect(problems.length).toBeLessThanOrEqual(1);
    },
    TIMEOUT,
  );

  test(
    "/playlists/{slug} outside the catalogue is not a catalogue page",
    async () => {
      const { page } = await open("/playlists/mood");
      await page.getByTestId("catalogue-table").waitFor();
      await navigate(page, "/playlists/subgenre");
      await page.getByTestId("not-found").waitFor();
    },
    TIMEOUT,
  );

  test(
    "every public route sets a title with the product prefix and a description",
    async () => {
      const { page } = await open("/login");
      const expected: Record<string, string> = {
        "/login": "Crate | Sign in",
        "/faq": "Crate | FAQ",
        "/policies": "Crate | Policies",
        "/policies/terms": "Crate | Terms of service",
        "/policies/privacy-policy": "Crate | Privacy policy",
        "/policies/refund-policy": "Crate | Refund policy",
        "/policies/cancellation-policy": "Crate | Cancellation policy",
        "/policies/licenses": "Crate | Licenses",
        "/no-capacity": "Crate | Come back later",
        "/playlists/combination": "Crate | Combination playlists",
      };
      const descriptions = new Set<string>();
      for (const [path, title] of Object.entries(expected)) {
        await navigate(page, path);
        await page.waitForFunction((wanted) => document.title === wanted, title, { timeout: 10_000 });
        descriptions.add((await page.locator('meta[name="description"]').getAttribute("content")) ?? "");
      }
      // each route has a description of its own
      expect(descriptions.size).toBe(Object.keys(expected).length);
    },
    TIMEOUT,
  );
});
