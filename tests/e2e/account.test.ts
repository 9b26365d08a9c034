import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import * as schema from "../../src/server/db/schema/index.ts";
import { messages } from "../../src/shared/errors.ts";
import { limits } from "../../src/shared/limits.ts";
import { createListener, signInAs } from "../integration/account/signin.ts";
import { appTakesOver, collectPageErrors } from "../support/browser.ts";
import { setUpBrowserSuite } from "../support/e2e.ts";

const suite = setUpBrowserSuite();

let n = 0;
/** A fresh listener, signed in through the real OAuth flow, in a fresh browser context holding the session. */
async function signedInPage(): Promise<{ page: Page; listener: string; userId: string; errors: Error[] }> {
  const listener = `e2e-account-${Date.now()}-${++n}`;
  await createListener(suite.server.url, listener, 5);
  const { cookie } = await signInAs(suite.server.url, listener);
  const page = await suite.browser.newPage();
  await page
    .context()
    .addCookies([
      { name: "crate_session", value: cookie.split("=")[1] ?? "", url: suite.server.url, httpOnly: true },
    ]);
  const errors = collectPageErrors(page);
  const user = suite.server.deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.spotifyId, listener))
    .get();
  return { page, listener, userId: user?.id ?? "", errors };
}

/** Polls until `check` holds (server-side state that follows a click). */
async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await Bun.sleep(50);
  }
}

async function goto(page: Page, path: string) {
  await page.goto(`${suite.server.url}${path}`);
  await page.locator("main").waitFor();
}

/** Client-side navigation (wouter follows history.pushState): no second load of the bundle. */
async function navigate(page: Page, path: string) {
  await appTakesOver(page);
  await page.evaluate((target) => {
    window.history.pushState(null, "", target);
  }, path);
  await page.waitForURL(`${suite.server.url}${path}`);
}

const settingsOf = (userId: string) =>
  suite.server.deps.db.select().from(schema.userSettings).where(eq(schema.userSettings.userId, userId)).get();

describe("signed out", () => {
  test("settings, my data and feedback show a sign-in prompt that signs in", async () => {
    const listener = `e2e-prompt-${Date.now()}`;
    await createListener(suite.server.url, listener, 5);
    const page = await suite.browser.newPage();
    await goto(page, "/settings");
    for (const path of ["/settings", "/settings/my-data", "/feedback"]) {
      await navigate(page, path);
      await page.getByTestId("login-prompt").waitFor();
      expect(await page.getByTestId("feedback-form").count()).toBe(0);
    }
    await page.getByTestId("login-prompt").getByRole("button").click();
    await page.waitForURL(/\/emulator\/spotify\/accounts\/authorize/);
    const approve = new URL(page.url());
    approve.searchParams.set("emulator_user", listener);
    await page.goto(approve.toString());
    await page.waitForURL(`${suite.server.url}/`);
    await navigate(page, "/feedback");
    await page.getByTestId("feedback-form").waitFor();

    await navigate(page, "/feedback/policy");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Unsolicited idea submission policy",
    );
  }, 60_000);
});

describe("a signed-in listener (one page, client-side navigation between tests)", () => {
  let shared: Awaited<ReturnType<typeof signedInPage>>;
  beforeAll(async () => {
    shared = await signedInPage();
  }, 30_000);

  test("settings: each flip sends both values; clicks while one is pending are ignored", async () => {
    const { page, userId, errors } = shared;
    await goto(page, "/settings");
    const hide = page.getByTestId("setting-CreatePlaylistsAsPrivate");
    const postfix = page.getByTestId("setting-RemovePlaylistPostfix");
    expect(await hide.textContent()).toContain("Hide playlists on Spotify profile.");
    expect(await postfix.textContent()).toContain("Remove 'Managed Playlist' postfix from playlist names.");
    await page.waitForSelector('[data-testid="setting-CreatePlaylistsAsPrivate"] input:not([disabled])');

    const bodies: string[] = [];
    await page.route(
      (url) => url.pathname.includes("settings.update"),
      async (route) => {
        bodies.push(route.request().postData() ?? "");
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      },
    );
    await hide.click();
    await page.getByTestId("setting-CreatePlaylistsAsPrivate").and(page.locator("[data-pending]")).waitFor();
    await postfix.click(); // ignored: the first change is still on its way
    await page.waitForSelector('[data-testid="setting-CreatePlaylistsAsPrivate"]:not([data-pending])');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain('"createPlaylistsAsPrivate":true');
    expect(bodies[0]).toContain('"removePlaylistPostfix":false');
    expect(settingsOf(userId)).toMatchObject({
      createPlaylistsAsPrivate: true,
      removePlaylistPostfix: false,
    });

    await postfix.click();
    await until(() => settingsOf(userId)?.removePlaylistPostfix === true);
    await page.reload();
    await page.locator('[data-testid="setting-RemovePlaylistPostfix"][data-state="checked"]').waitFor();
    expect(settingsOf(userId)).toMatchObject({ createPlaylistsAsPrivate: true, removePlaylistPostfix: true });
    expect(
      await page.locator('[data-testid="setting-CreatePlaylistsAsPrivate"][data-state="checked"]').count(),
    ).toBe(1);
    expect(errors).toEqual([]);
  }, 60_000);

  test("my data shows everything as pretty-printed JSON, read-only", async () => {
    const { page, listener, errors } = shared;
    await page.unrouteAll();
    await page.getByTestId("my-data-link").click();
    await page.waitForURL(/\/settings\/my-data$/);
    const area = page.getByTestId("personal-data");
    await page.waitForFunction(
      () =>
        ((document.querySelector('[data-testid="personal-data"]') as HTMLTextAreaElement | null)?.value ??
          "") !== "",
    );
    const text = await area.inputValue();
    expect(text).toContain('\n  "user": {');
    const data = JSON.parse(text);
    expect(data.user.spotifyUserId).toBe(listener);
    expect(data.providerTokens.note).toContain("encrypted");
    expect(await area.getAttribute("readonly")).not.toBeNull();
    expect(errors).toEqual([]);
  }, 60_000);

  test("feedback: filters as typed, asks for text and the policy box, sends, and shows the limit's text", async () => {
    const { page, userId, errors } = shared;
    await navigate(page, "/feedback");
    const text = page.getByTestId("feedback-text");
    const send = page.getByTestId("feedback-send");

    await send.click();
    expect(await page.getByTestId("error-text").textContent()).toBe(messages.feedbackEmpty);
    await text.pressSequentially("Great <app> 🎵 100% yes!");
    expect(await text.inputValue()).toBe("Great app  100 yes!");
    // the note under the box names what it left out
    expect(await page.getByTestId("feedback-kept").textContent()).toBe(
      "Left out < > 🎵 %: only letters, digits, spaces and . , ? ! - are kept.",
    );
    await text.fill("x".repeat(250));
    expect(await text.inputValue()).toHaveLength(limits.feedbackMaxLength);
    await text.fill("More decades, please - 1930s?");
    await send.click();
    expect(await page.getByTestId("error-text").textContent()).toBe(messages.feedbackPolicy);

    await page.getByTestId("feedback-policy").click();
    await send.click();
    await page.waitForURL(/\/feedback\/success$/);
    expect(await page.getByTestId("feedback-success").textContent()).toContain("Thank you");
    expect(await page.locator('main a[href^="mailto:"]').count()).toBe(1);
    const stored = suite.server.deps.db
      .select()
      .from(schema.feedback)
      .where(eq(schema.feedback.userId, userId))
      .all();
    expect(stored.map((f) => f.feedback)).toEqual(["More decades, please - 1930s?"]);

    await page.locator('main a[href="/feedback"]').click();
    await page.getByTestId("feedback-form").waitFor();
    for (let i = 1; i < limits.feedbackPerUserPerDay; i++) {
      suite.server.deps.db
        .insert(schema.feedback)
        .values({ userId, feedback: `seeded ${i}`, createdAt: Date.now() })
        .run();
    }
    await text.fill("One too many");
    await page.getByTestId("feedback-policy").click();
    await send.click();
    await page.locator('[data-testid="error-text"][data-error-code="28"]').waitFor();
    expect(await page.getByTestId("error-text").textContent()).toBe(
      "We are very thankful for all your feedback, but unfortunately you are unable to provide anymore.",
    );
    expect(errors).toEqual([]);
  }, 60_000);
});

describe("account deletion", () => {
  test("premium disclaimer, confirm text, deletion, logout and the data-deleted page", async () => {
    const { page, userId, errors } = await signedInPage();
    suite.server.deps.db
      .update(schema.users)
      .set({ membershipLevel: "PremiumYearly" })
      .where(eq(schema.users.id, userId))
      .run();
    await goto(page, "/settings");
    await page.evaluate(() => {
      sessionStorage.setItem("referrer", "https://example.org/");
      sessionStorage.setItem("latestDistributionProgressId", "abc");
      sessionStorage.setItem("analysisProgressId", "keep");
    });
    const disclaimer = await page.getByTestId("premium-deletion-disclaimer").textContent();
    expect(disclaimer).toContain("14 months after your last payment");
    expect(disclaimer).toContain("billing continues unless you cancel it in Plans");
    expect(await page.locator('a[href="https://www.spotify.com/account/apps/"]').count()).toBe(1);

    await page.getByTestId("delete-account").click();
    const dialog = page.getByTestId("confirm-dialog");
    expect(await dialog.textContent()).toContain(messages.deleteConfirm);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(
      suite.server.deps.db.select().from(schema.users).where(eq(schema.users.id, userId)).get(),
    ).toBeDefined();

    await page.getByTestId("delete-account").click();
    await dialog.getByRole("button", { name: "Delete everything" }).click();
    await page.waitForURL(/\/settings\/data-deleted$/);
    const deleted = await page.getByTestId("data-deleted").textContent();
    expect(deleted).toContain("Your data is deleted");
    expect(deleted).toContain("After signing in again, playlists cannot be created for two minutes.");
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem("referrer"),
        sessionStorage.getItem("latestDistributionProgressId"),
        sessionStorage.getItem("analysisProgressId"),
      ]),
    ).toEqual([null, null, "keep"]);
    expect(
      suite.server.deps.db.select().from(schema.users).where(eq(schema.users.id, userId)).get(),
    ).toBeUndefined();
    expect((await page.context().cookies()).some((c) => c.name === "crate_session")).toBe(false);
    await navigate(page, "/settings");
    await page.getByTestId("login-prompt").waitFor();
    expect(errors).toEqual([]);
  }, 60_000);
});
