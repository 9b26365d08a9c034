import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SESSION_COOKIE } from "../../../src/server/auth/sessions.ts";
import {
  apiJson,
  type CookieJar,
  type CrateWithSpotify,
  cookieHeader,
  createListener,
  get,
  locationOf,
  newJar,
  startCrateWithSpotify,
} from "./flow.ts";

// A listener sees where they are signed in and can end any of those sessions, or all of them at once.

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let setup: CrateWithSpotify;
let url: string;
beforeAll(async () => {
  setup = await startCrateWithSpotify();
  url = setup.crate.url;
  for (const id of ["ses-a", "ses-b"]) await createListener(setup.spotify.url, id, 2);
});
afterAll(() => setup.dispose());

/** The whole sign-in from a browser that sends `userAgent`. */
async function signInWith(listener: string, userAgent: string): Promise<CookieJar> {
  const jar = newJar();
  const headers = { "user-agent": userAgent };
  const authorizeUrl = locationOf(await get(`${url}/api/authorize`, jar, headers), url);
  authorizeUrl.searchParams.set("emulator_user", listener);
  const callbackUrl = locationOf(await fetch(authorizeUrl, { redirect: "manual" }), url);
  expect(locationOf(await get(callbackUrl.toString(), jar, headers), url).pathname).toBe("/");
  expect(jar.values.has(SESSION_COOKIE)).toBe(true);
  return jar;
}

interface Listed {
  id: string;
  browser: string;
  firstSeen: string;
  lastSeen: string;
  current: boolean;
}

async function sessionsOf(jar: CookieJar): Promise<{ status: number; sessions: Listed[] }> {
  const res = await apiJson(url, "/api/trpc/auth.sessions", jar);
  return { status: res.status, sessions: (res.body as { result?: { data: Listed[] } }).result?.data ?? [] };
}

function mutate(jar: CookieJar, procedure: string, input?: unknown) {
  return apiJson(url, `/api/trpc/${procedure}`, jar, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: input === undefined ? undefined : JSON.stringify(input),
  });
}

const signedIn = async (jar: CookieJar) =>
  (await fetch(`${url}/api/user/id`, { headers: { cookie: cookieHeader(jar) } })).status === 200;

describe("the listener's sessions", () => {
  test("are listed with their browser, first and last seen, this one marked; one can be ended", async () => {
    const laptop = await signInWith("ses-a", FIREFOX_LINUX);
    const desktop = await signInWith("ses-a", CHROME_WINDOWS);
    const stranger = await signInWith("ses-b", SAFARI_IPHONE);

    const fromLaptop = await sessionsOf(laptop);
    expect(fromLaptop.status).toBe(200);
    expect(fromLaptop.sessions.map((s) => [s.browser, s.current]).sort()).toEqual([
      ["Chrome on Windows", false],
      ["Firefox on Linux", true],
    ]);
    for (const s of fromLaptop.sessions) {
      expect(Date.parse(s.firstSeen)).toBeLessThanOrEqual(Date.parse(s.lastSeen));
    }
    const desktopSession = fromLaptop.sessions.find((s) => !s.current);

    // Another listener cannot end it: to them it does not exist.
    const foreign = await mutate(stranger, "auth.endSession", { sessionId: desktopSession?.id });
    expect(foreign.status).toBe(404);
    expect(await signedIn(desktop)).toBe(true);

    const ended = await mutate(laptop, "auth.endSession", { sessionId: desktopSession?.id });
    expect(ended.status).toBe(200);
    expect(await signedIn(desktop)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect((await sessionsOf(laptop)).sessions.map((s) => s.browser)).toEqual(["Firefox on Linux"]);

    const malformed = await mutate(laptop, "auth.endSession", { sessionId: "not-a-session" });
    expect(malformed.status).toBe(400);
    expect((await sessionsOf(newJar())).status).toBe(401);
  });

  test("POST /api/authorize/logout-everywhere ends every session, this one included (204)", async () => {
    const phone = await signInWith("ses-a", SAFARI_IPHONE);
    const laptop = await signInWith("ses-a", FIREFOX_LINUX);
    const other = await signInWith("ses-b", CHROME_WINDOWS);

    const res = await fetch(`${url}/api/authorize/logout-everywhere`, {
      method: "POST",
      headers: { cookie: cookieHeader(laptop), origin: url },
    });
    expect(res.status).toBe(204);
    expect(
      res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && /Max-Age=0/i.test(c)),
    ).toBe(true);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(other)).toBe(true);

    const visitor = await fetch(`${url}/api/authorize/logout-everywhere`, {
      method: "POST",
      headers: { origin: url },
    });
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as { errorCode: number }).errorCode).toBe(6);
  });

  test("sign out everywhere through tRPC too", async () => {
    const one = await signInWith("ses-b", FIREFOX_LINUX);
    const two = await signInWith("ses-b", SAFARI_IPHONE);
    expect((await mutate(two, "auth.logoutEverywhere")).status).toBe(200);
    expect(await signedIn(one)).toBe(false);
    expect(await signedIn(two)).toBe(false);
  });
});
