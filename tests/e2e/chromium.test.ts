// The browser tests' Chromium: Playwright's own switches stay in force beside ours, and a new page starts no
// Chromium UI of its own (the omnibox popups cost a third of every context's CPU).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { launchBrowser, PLAYWRIGHT_DISABLED_FEATURES, type TestBrowser } from "../support/browser.ts";

let browser: TestBrowser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The command lines of the Chromium browser processes this test process started. */
function ourChromiumCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const parent = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      if (Number(parent) !== process.pid) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (args[0]?.includes("chrom")) lines.push(args);
    } catch {
      // a process that ended meanwhile
    }
  }
  return lines;
}

test("the features Playwright disables stay disabled in the one --disable-features Chromium reads", async () => {
  await browser.newPage();
  const [args] = ourChromiumCommandLines();
  if (!args) throw new Error("no Chromium started by this process");
  const lists = args
    .filter((arg) => arg.startsWith("--disable-features="))
    .map((arg) => arg.slice(19).split(","));
  const playwrights = lists[0] ?? [];
  const read = lists.at(-1) ?? [];
  // Playwright's own list comes first; ours, last, is the one in force and must hold all of it
  expect(new Set(playwrights)).toEqual(new Set(PLAYWRIGHT_DISABLED_FEATURES));
  expect(read).toEqual(expect.arrayContaining(playwrights));
});

test("a new page starts no Chromium UI page beside it", async () => {
  const page = await browser.newPage();
  await page.goto("data:text/html,<p>a page</p>");
  const cdp = await browser.browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send("Target.getTargets");
  await cdp.detach();
  expect(targetInfos.filter((target) => target.type !== "page").map((target) => target.url)).toEqual([]);
});
