import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { Config } from "../config.ts";
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from "./sessions.ts";

/** The short-lived cookie that carries state, PKCE verifier and return path from /api/authorize to the callback. */
export const OAUTH_COOKIE = "crate_oauth";
export const OAUTH_COOKIE_PATH = "/api/authorize";
export const OAUTH_COOKIE_MAX_AGE_SEC = 600;

const secure = (config: Pick<Config, "publicUrl">) => config.publicUrl.startsWith("https://");

function serialize(name: string, value: string, path: string, maxAgeSec: number, isSecure: boolean): string {
  const parts = [`${name}=${value}`, `Path=${path}`, `Max-Age=${maxAgeSec}`, "HttpOnly", "SameSite=Lax"];
  if (isSecure) parts.push("Secure");
  return parts.join("; ");
}

/** Over https the session cookie is `__Host-`: the browser takes it only Secure, host-only and for Path=/. */
export function sessionCookieName(config: Pick<Config, "publicUrl">): string {
  return secure(config) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The session token the request presents, under the one cookie name this configuration uses. */
export function presentedSessionToken(c: Context, config: Pick<Config, "publicUrl">): string | undefined {
  return getCookie(c, sessionCookieName(config));
}

export function sessionCookie(config: Pick<Config, "publicUrl">, token: string): string {
  return serialize(
    sessionCookieName(config),
    token,
    "/",
    Math.floor(SESSION_ABSOLUTE_MS / 1000),
    secure(config),
  );
}

export function clearSessionCookie(config: Pick<Config, "publicUrl">): string {
  return serialize(sessionCookieName(config), "", "/", 0, secure(config));
}

export function oauthCookie(config: Pick<Config, "publicUrl">, value: string): string {
  return serialize(OAUTH_COOKIE, value, OAUTH_COOKIE_PATH, OAUTH_COOKIE_MAX_AGE_SEC, secure(config));
}

export function clearOauthCookie(config: Pick<Config, "publicUrl">): string {
  return serialize(OAUTH_COOKIE, "", OAUTH_COOKIE_PATH, 0, secure(config));
}
