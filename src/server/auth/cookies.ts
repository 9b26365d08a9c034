// Every cookie Crate sets, written and read through Hono's cookie helpers (ADR 0023): the helpers encode values,
// enforce the `__Host-` rules (Secure, Path=/, no Domain) and sign and verify the OAuth cookie.
import type { Context } from "hono";
import { generateCookie, generateSignedCookie, getCookie, getSignedCookie } from "hono/cookie";
import { type CookieOptions, parse } from "hono/utils/cookie";
import type { Config } from "../config/config.ts";
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from "./sessions.ts";

/** The short-lived cookie that carries state, PKCE verifier and return path from /api/authorize to the callback. */
export const OAUTH_COOKIE = "crate_oauth";
export const OAUTH_COOKIE_PATH = "/api/authorize";
export const OAUTH_COOKIE_MAX_AGE_SEC = 600;

const secure = (config: Pick<Config, "publicUrl">) => config.publicUrl.startsWith("https://");

/** Over https the session cookie is `__Host-`: the browser takes it only Secure, host-only and for Path=/. */
function sessionOptions(config: Pick<Config, "publicUrl">, maxAge: number): CookieOptions {
  const base: CookieOptions = { path: "/", maxAge, httpOnly: true, sameSite: "Lax" };
  return secure(config) ? { ...base, secure: true, prefix: "host" } : base;
}

function oauthOptions(config: Pick<Config, "publicUrl">, maxAge: number): CookieOptions {
  return { path: OAUTH_COOKIE_PATH, maxAge, httpOnly: true, sameSite: "Lax", secure: secure(config) };
}

export function sessionCookieName(config: Pick<Config, "publicUrl">): string {
  return secure(config) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The session token the request presents, under the one cookie name this configuration uses. */
export function presentedSessionToken(c: Context, config: Pick<Config, "publicUrl">): string | undefined {
  return secure(config) ? getCookie(c, SESSION_COOKIE, "host") : getCookie(c, SESSION_COOKIE);
}

/** Whether a request outside the Hono app (a page of the client) carries the session cookie this configuration uses. */
export function carriesSessionCookie(req: Request, config: Pick<Config, "publicUrl">): boolean {
  return requestSessionToken(req, config) !== undefined;
}

/** The session token a request outside the Hono app presents, under the cookie name this configuration uses. */
export function requestSessionToken(req: Request, config: Pick<Config, "publicUrl">): string | undefined {
  const header = req.headers.get("cookie");
  const name = sessionCookieName(config);
  return header === null ? undefined : parse(header, name)[name];
}

export function sessionCookie(config: Pick<Config, "publicUrl">, token: string): string {
  return generateCookie(
    SESSION_COOKIE,
    token,
    sessionOptions(config, Math.floor(SESSION_ABSOLUTE_MS / 1000)),
  );
}

export function clearSessionCookie(config: Pick<Config, "publicUrl">): string {
  return generateCookie(SESSION_COOKIE, "", sessionOptions(config, 0));
}

/** The OAuth cookie, signed (HMAC-SHA256) with a key derived from the token key, so it cannot be forged. */
export function oauthCookie(config: Pick<Config, "publicUrl">, value: string, key: Buffer): Promise<string> {
  return generateSignedCookie(
    OAUTH_COOKIE,
    value,
    new Uint8Array(key),
    oauthOptions(config, OAUTH_COOKIE_MAX_AGE_SEC),
  );
}

export function clearOauthCookie(config: Pick<Config, "publicUrl">): string {
  return generateCookie(OAUTH_COOKIE, "", oauthOptions(config, 0));
}

/** The OAuth cookie's value when its signature holds; undefined when absent, altered or signed with another key. */
export async function presentedOauthValue(c: Context, key: Buffer): Promise<string | undefined> {
  const value = await getSignedCookie(c, new Uint8Array(key), OAUTH_COOKIE);
  return value === false ? undefined : value;
}
