// In the browser, demo mode: the demo admin signs in on the emulator, sees the dashboard with its charts, looks a
// user up, changes a membership, manages statistics; a listener sees nothing of it. The production bundle keeps
// the admin pages and the chart library out of what the landing page loads.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { setMembershipLevel } from "../../src/server/billing/membership.ts";
import { demoCredentials } from "../../src/shared/demo-credentials.ts";
import { messages } from "../../src/shared/errors.ts";
import { membershipLevelNames } from "../../src/shared/membership-names.ts";
import { operations } from "../../src/shared/operations.ts";
import { makeUser, type TestUser } from "../integration/admin/support.ts";
import { launchBrowser, signInThroughConsentPage, type TestBrowser } from "../support/browser.ts";
import { heldHourlyRun } from "../support/held-run.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

let server: TestServer;
let browser: TestBrowser;
let member: TestUser;
let listener: TestUser;
const TIMEOUT = 90_000;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  member = makeUser(server.deps);
  await setMembershipLevel(server.deps, member.userId, "PremiumYearly", "payment");
  listener = makeUser(server.deps);
  await fetch(`${server.url}/`).then((response) => response.text());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The demo admin signs in through Crate's authorize and the emulator's consent page (once; the page is reused). */
async function signInAdmin(): Promise<{ page: Page; errors: Error[] }> {
  return signInThroughConsentPage(browser, server.url, demoCredentials.adminSpotifyId);
}
let signedInAdmin: Promise<{ page: Page; errors: Error[] }> | undefined;
const adminPage = () => {
  signedInAdmin ??= signInAdmin();
  return signedInAdmin;
};

/** Text only the admin dashboard's code holds, and the chart library's name. */
const ADMIN_MARKERS = ["Premium amount", "nivo"];

/** The chunks a chunk loads at once (static imports), itself included. */
function staticClosure(start: string, chunks: Map<string, string>): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const body = chunks.get(name) ?? "";
    // static `import … from "./x.js"` / `import "./x.js"`, not dynamic `import("./x.js")`
    for (const match of body.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) {
      if (match[1]) queue.push(match[1]);
    }
  }
  return seen;
}

describe("bundle", () => {
  test(
    "split like the production build: the landing page's scripts carry neither the admin pages nor nivo",
    async () => {
      const build = await Bun.build({
        entrypoints: ["src/client/index.html"],
        splitting: true,
        minify: true,
        define: { "process.env.NODE_ENV": '"production"' },
        naming: { chunk: "[name]-[hash].[ext]" },
      });
      expect(build.success).toBe(true);
      const chunks = new Map<string, string>();
      let entry = "";
      for (const output of build.outputs) {
        if (!output.path.endsWith(".js")) continue;
        const name = output.path.replace(/^.*\//, "");
        chunks.set(name, await output.text());
        if (output.kind === "entry-point") entry = name;
      }
      const named = (prefix: string) =>
        [...chunks.keys()].find((name) => name.startsWith(`${prefix}-`)) ?? "";
      const landing = new Set([
        ...staticClosure(entry, chunks),
        ...staticClosure(named("LandingPage"), chunks),
      ]);
      const dashboard = [...staticClosure(named("AdminDashboardPage"), chunks)].filter(
        (n) => !landing.has(n),
      );
      const bodies = (names: Iterable<string>) => [...names].map((name) => chunks.get(name) ?? "");
      const size = (names: Iterable<string>) => bodies(names).reduce((sum, body) => sum + body.length, 0);

      expect(landing.has(named("LandingPage"))).toBe(true);
      for (const marker of ADMIN_MARKERS) {
        expect(bodies(landing).some((body) => body.includes(marker))).toBe(false);
        expect(bodies(dashboard).some((body) => body.includes(marker))).toBe(true);
      }
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      console.info(
        `landing page JS ${kb(size(landing))}; admin dashboard chunks ${kb(size(dashboard))}; user detail ${kb(
          size([...staticClosure(named("AdminUserPage"), chunks)].filter((n) => !landing.has(n))),
        )}`,
      );
    },
    TIMEOUT,
  );
});

describe("admin dashboard", () => {
  test(
    "the admin link opens the dashboard: the numbers and three 200 px charts; a member's link opens the detail",
    async () => {
      const { page, errors } = await adminPage();
      await page.getByRole("link", { name: "Admin" }).first().click();
      await page.waitForURL(`${server.url}/admin`);
      for (const chart of ["chart-premium", "chart-users", "chart-users-per-day"]) {
        const svg = page.getByTestId(chart).locator("svg").first();
        await svg.waitFor();
        expect((await svg.boundingBox())?.height).toBe(200);
      }
      // year-month-day labels on the time axis
      const labels = await page.getByTestId("chart-users").locator("svg text").allTextContents();
      expect(labels.some((label) => /^\d{4}-\d{2}-\d{2}$/.test(label))).toBe(true);
      expect(await page.getByTestId("stat-monitored").textContent()).toContain("3");
      expect(await page.getByTestId("stat-today").textContent()).toContain("3");

      // the demo admin's own sign-in tops the Spotify calls, named as a person reads it, not by a bare id
      const top = page.getByTestId("stat-top-listeners");
      expect(await top.getByTestId("admin-user-name").first().textContent()).toBe("Alex Admin crate-admin");

      // the premium member is listed by name (their Spotify id: they have no display name) and links to their detail
      const members = page.getByTestId("premium-members");
      expect(await members.getByTestId("admin-user-name").allTextContents()).toEqual([member.spotifyId]);
      const link = members.getByRole("link", { name: member.spotifyId });
      await link.click();
      await page.waitForURL(`${server.url}/admin/users?userId=${member.userId}`);
      await page.getByTestId("premium-star").waitFor();
      expect(await page.getByTestId("detail-spotify-id").textContent()).toBe(member.spotifyId);
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "a lookup by Spotify id, then a membership change: 'Membership updated' and the star",
    async () => {
      const { page, errors } = await adminPage();
      await page.goto(`${server.url}/admin`);
      await page.getByTestId("find-member-kind").selectOption("spotifyId");
      await page.getByTestId("find-member-id").fill(listener.spotifyId);
      await page.getByTestId("find-member-submit").click();
      await page.waitForURL(`${server.url}/admin/users?spotifyId=${listener.spotifyId}`);
      expect(await page.getByTestId("detail-user-id").textContent()).toBe(listener.userId);
      expect(await page.getByTestId("premium-star").count()).toBe(0);
      expect(await page.getByTestId("detail-monitored").textContent()).toBe("Yes");

      await page.getByTestId("membership-level-select").selectOption("PremiumYearly");
      await page.getByTestId("membership-change").click();
      await page.getByText(messages.membershipChanged).waitFor();
      await page.getByTestId("premium-star").waitFor();
      const level = server.deps.db.$client
        .query("SELECT membership_level AS level FROM users WHERE id = ?")
        .get(listener.userId);
      expect(level).toEqual({ level: "PremiumYearly" });
      // the levels as people read them, not their stored names
      expect(await page.getByTestId("detail-membership").textContent()).toBe(
        membershipLevelNames.PremiumYearly,
      );
      const events = (await page.getByTestId("detail-membership-events").textContent()) ?? "";
      expect(events).toContain(membershipLevelNames.PremiumYearly);
      expect(events).not.toContain("PremiumYearly");
      expect(await page.getByTestId("membership-level-select").locator("option").allTextContents()).toEqual(
        Object.values(membershipLevelNames),
      );

      // by user id too; an unknown id says so
      await page.goto(`${server.url}/admin/users?userId=no-such-user`);
      await page.getByText("No user found for no-such-user.").waitFor();
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );

  test(
    "statistics are enabled by user id and disabled per user; Start Job says when a run is going",
    async () => {
      const { page, errors } = await adminPage();
      await page.goto(`${server.url}/admin`);
      await page.getByTestId("statistics-user-id").fill(listener.userId);
      await page.getByTestId("statistics-enable").click();
      const enabled = page.getByTestId("statistics-enabled");
      await enabled.getByText(listener.userId).waitFor();
      expect(await enabled.getByTestId("admin-user-name").textContent()).toBe(listener.spotifyId);
      await enabled.getByTestId("statistics-disable").click();
      await page.getByText("Statistics are not enabled for anyone.").waitFor();

      const held = heldHourlyRun(server.deps);
      await page.getByTestId("batch-start").click();
      await page.getByText(messages.batchNotStarted).waitFor();
      held.release();
      await held.finished;
      await page.reload();
      const runs = page.getByTestId("batch-executions");
      await runs.getByText("hourly-sync").first().waitFor();
      const behind = page.getByTestId("batch-users-behind");
      expect(await behind.textContent()).toMatch(new RegExp(`^${operations.usersBehindLabel}\\d+$`));
      expect(errors).toEqual([]);
    },
    TIMEOUT,
  );
});

describe("not an admin", () => {
  test(
    "a listener sees the not-found page at /admin and /admin/users, and no admin call is made",
    async () => {
      const page = await browser.newPage();
      await page
        .context()
        .addCookies([{ name: "crate_session", value: listener.cookie.split("=")[1] ?? "", url: server.url }]);
      const adminCalls: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/trpc/admin.")) adminCalls.push(request.url());
      });
      await page.goto(`${server.url}/admin`);
      await page.getByTestId("not-found").waitFor();
      await page.goto(`${server.url}/admin/users?userId=${member.userId}`);
      await page.getByTestId("not-found").waitFor();
      expect(await page.getByRole("link", { name: "Admin" }).count()).toBe(0);
      expect(adminCalls).toEqual([]);
    },
    TIMEOUT,
  );
});
