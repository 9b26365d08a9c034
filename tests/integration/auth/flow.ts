// Drives the sign-in redirects by hand (redirect: "manual"), carrying cookies, as a browser would.

import { expect } from "bun:test";
import type { Clock } from "../../../src/server/platform/clock.ts";
import { type Harness, startHarness } from "../distribution/support.ts";

export interface CookieJar {
  /** name → value */
  values: Map<string, string>;
  /** name → the raw Set-Cookie line last seen */
  raw: Map<string, string>;
}

export const newJar = (): CookieJar => ({ values: new Map(), raw: new Map() });

export function absorb(jar: CookieJar, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair?.indexOf("=") ?? -1;
    if (!pair || eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    jar.raw.set(name, line);
    if (value === "" || /max-age=0/i.test(line)) jar.values.delete(name);
    else jar.values.set(name, value);
  }
}

export const cookieHeader = (jar: CookieJar) => [...jar.values].map(([k, v]) => `${k}=${v}`).join("; ");

/** `headers`: e.g. the public `host` a proxy would pass, so the canonical-origin redirect lets the request in */
export async function get(
  url: string,
  jar?: CookieJar,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    redirect: "manual",
    headers: jar ? { ...headers, cookie: cookieHeader(jar) } : headers,
  });
  if (jar) absorb(jar, res);
  return res;
}

export function locationOf(res: Response, base: string): URL {
  expect(res.status).toBe(302);
  const location = res.headers.get("location");
  expect(location).toBeTruthy();
  return new URL(location ?? "", base);
}

export interface SignInSteps {
  /** the accounts service's authorize URL Crate redirected to */
  authorizeUrl: URL;
  /** Crate's callback URL the accounts service redirected back to */
  callbackUrl: URL;
  /** the callback's answer */
  callback: Response;
  /** where Crate sent the browser in the end (path + query) */
  landedOn: string;
  jar: CookieJar;
}

/**
 * Crate's /api/authorize → the accounts service (approving as `listener` at once through `emulator_user`, or
 * denying with `emulator_deny`) → Crate's callback. Returns every hop for assertions.
 */
export async function signIn(
  baseUrl: string,
  listener: string,
  options: { jar?: CookieJar; start?: string; deny?: boolean } = {},
): Promise<SignInSteps> {
  const jar = options.jar ?? newJar();
  const start = await get(`${baseUrl}${options.start ?? "/api/authorize"}`, jar);
  const authorizeUrl = locationOf(start, baseUrl);
  const approve = new URL(authorizeUrl);
  if (options.deny) approve.searchParams.set("emulator_deny", "1");
  else approve.searchParams.set("emulator_user", listener);
  const consent = await fetch(approve, { redirect: "manual" });
  const callbackUrl = locationOf(consent, approve.toString());
  const callback = await get(callbackUrl.toString(), jar);
  const landed = locationOf(callback, baseUrl);
  return { authorizeUrl, callbackUrl, callback, landedOn: `${landed.pathname}${landed.search}`, jar };
}

export async function apiJson(
  baseUrl: string,
  path: string,
  jar?: CookieJar,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = new Headers(init.headers);
  if (jar) headers.set("cookie", cookieHeader(jar));
  const res = await fetch(`${baseUrl}${path}`, { ...init, headers, redirect: "manual" });
  if (jar) absorb(jar, res);
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

export function logout(baseUrl: string, jar: CookieJar) {
  return apiJson(baseUrl, "/api/authorize/logout", jar, { method: "POST", headers: { origin: baseUrl } });
}

/** A listener with a small library, created through the emulator's control API. */
export async function createListener(baseUrl: string, id: string, likes = 5): Promise<void> {
  const res = await fetch(`${baseUrl}/emulator/spotify/control/listeners`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id, likes }),
  });
  expect(res.status).toBeLessThan(300);
}

export async function control(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${baseUrl}/emulator/spotify/control${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Crate in real mode against the Spotify emulator on its own port: the distribution suites' harness. */
export type CrateWithSpotify = Harness;

/** The harness with a small catalogue, so it starts fast. */
export const startCrateWithSpotify = (
  env: Record<string, string> = {},
  clock?: Clock,
): Promise<CrateWithSpotify> => startHarness({ env, clock, catalogueSize: { artists: 200, tracks: 2_000 } });
