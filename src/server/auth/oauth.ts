import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { LOGIN_PATH, type LoginErrorReason, NO_CAPACITY_PATH, signInReturnPaths } from "../../shared/auth.ts";
import type { CallbackQuery } from "../../shared/schemas/auth.ts";
import { canonicalTimeZone } from "../../shared/time-zone.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { PLAYLIST_READ_COLLABORATIVE } from "../spotify/accounts.ts";
import { SpotifyBusyError, SpotifyError } from "../spotify/errors.ts";
import { SpotifyQuotaPausedError } from "../spotify/quota-gate.ts";
import { learnTimeZone } from "../user/time-zone.ts";
import { clearOauthCookie, OAUTH_COOKIE_MAX_AGE_SEC, oauthCookie, sessionCookie } from "./cookies.ts";
import { grantStartOf } from "./demo-grant.ts";
import { consumeState, rememberState } from "./oauth-states.ts";
import { storedUserAgent } from "./session-list.ts";
import { createSession, revokeSession } from "./sessions.ts";
import { AccountLinkConflict, findOrCreateUser } from "./signup.ts";
import { recordAuthorization } from "./spotify-access.ts";
import { saveTokens } from "./tokens.ts";

export type ReturnTo = keyof typeof signInReturnPaths;

/** What the short-lived cookie carries from /api/authorize to the callback. */
interface PendingAuthorization {
  state: string;
  verifier: string;
  returnTo: ReturnTo;
  referrer: string | undefined;
  /** the browser's IANA time zone, validated at /api/authorize */
  timeZone?: string;
  issuedAt: number;
}

export interface Redirect {
  location: string;
  cookies: string[];
}

const b64url = (bytes: Buffer) => bytes.toString("base64url");
export const pkceChallenge = (verifier: string) => b64url(createHash("sha256").update(verifier).digest());
export const redirectUri = (deps: Pick<Deps, "config">) => `${deps.config.publicUrl}/api/authorize/callback`;

/** The key the OAuth cookie is signed with: derived from the token key, never the token key itself. */
export function oauthCookieKey(deps: Pick<Deps, "tokenKey">): Buffer {
  return createHmac("sha256", deps.tokenKey).update("crate oauth cookie").digest();
}

const encodePending = (pending: PendingAuthorization) => b64url(Buffer.from(JSON.stringify(pending), "utf8"));

/** The pending authorization from the cookie's value, whose signature the cookie helper has checked. */
function openPending(deps: Pick<Deps, "clock">, value: string | undefined): PendingAuthorization | null {
  if (!value || value.length > 4000) return null;
  try {
    const pending = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as PendingAuthorization;
    const age = deps.clock.now() - pending.issuedAt;
    if (typeof pending.state !== "string" || typeof pending.verifier !== "string") return null;
    if (!(age >= 0 && age <= OAUTH_COOKIE_MAX_AGE_SEC * 1000)) return null;
    return pending;
  } catch {
    return null;
  }
}

/** Constant-time comparison of two secrets of any length (compared as sha256 digests). */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(a), digest(b)) && a.length === b.length;
}

/** Step 1: a fresh state and PKCE verifier in the cookie, and the accounts service's authorize URL. */
export async function startAuthorization(
  deps: Pick<Deps, "config" | "clock" | "tokenKey" | "spotify" | "db">,
  options: { returnTo: ReturnTo; referrer?: string; timeZone?: string },
): Promise<Redirect> {
  const pending: PendingAuthorization = {
    state: b64url(randomBytes(24)),
    verifier: b64url(randomBytes(48)),
    returnTo: options.returnTo,
    referrer: options.referrer,
    timeZone: options.timeZone,
    issuedAt: deps.clock.now(),
  };
  rememberState(deps.db, pending.state, pending.issuedAt, pending.issuedAt + OAUTH_COOKIE_MAX_AGE_SEC * 1000);
  const location = deps.spotify.accounts.authorizeUrl({
    state: pending.state,
    codeChallenge: pkceChallenge(pending.verifier),
    redirectUri: redirectUri(deps),
    // A rule naming one of the listener's playlists: Spotify lists their collaborative ones only with this scope.
    extraScopes: options.returnTo === "playlists" ? [PLAYLIST_READ_COLLABORATIVE] : [],
  });
  return {
    location,
    cookies: [await oauthCookie(deps.config, encodePending(pending), oauthCookieKey(deps))],
  };
}

const toLogin = (reason: LoginErrorReason) => `${LOGIN_PATH}?error=${reason}`;

/** `/me` refused with 403: the Spotify app is in development mode and this account is not on its user list. */
const isUnregisteredUser = (error: unknown) =>
  error instanceof SpotifyError && error.status === 403 && error.endpoint === "GET /me";

/** Spotify's immutable account id, when `/me` carries a usable one. */
function accountIdOf(profile: { account_id?: unknown }): string | undefined {
  const id = profile.account_id;
  return typeof id === "string" && id.length > 0 && id.length <= 200 ? id : undefined;
}

/**
 * Step 2, Spotify's redirect back: checks the state against the cookie, exchanges the code, reads the profile,
 * finds or creates the account (daily cap), stores the tokens encrypted, and starts a new session.
 */
export async function completeAuthorization(
  deps: Deps,
  query: CallbackQuery,
  /** the OAuth cookie's value, its signature already checked (`presentedOauthValue`) */
  cookieValue: string | undefined,
  /** the session the browser still presents: a new sign-in replaces it */
  presentedSession?: string,
  /** the browser's User-Agent, kept with the new session */
  userAgent?: string,
): Promise<Redirect> {
  const cookies = [clearOauthCookie(deps.config)];
  const fail = (reason: LoginErrorReason): Redirect => ({ location: toLogin(reason), cookies });

  const pending = openPending(deps, cookieValue);
  if (!pending || !query.state || !sameSecret(query.state, pending.state)) return fail("invalid_state");
  // Once only: a replayed callback (same cookie, same state) ends here, before any call to Spotify.
  if (!consumeState(deps.db, query.state, deps.clock.now())) return fail("invalid_state");
  if (query.error) return fail(query.error === "access_denied" ? "access_denied" : "provider_error");
  if (!query.code) return fail("provider_error");
  // While Spotify's quota holds every call, a sign-in cannot finish: it says so rather than wait for hours.
  if (deps.spotify.quota().paused) return fail("spotify_quota");

  let profile: { id: string; account_id?: string; display_name?: string | null };
  let tokens: Awaited<ReturnType<Deps["spotify"]["accounts"]["exchangeCode"]>>;
  try {
    tokens = await deps.spotify.accounts.exchangeCode(query.code, redirectUri(deps), pending.verifier);
    const accessToken = tokens.accessToken;
    const freshTokens = {
      current: async () => accessToken,
      refresh: async (): Promise<string> => {
        throw new SpotifyError(401, "GET /me", "fresh access token refused");
      },
    };
    profile = await deps.spotify.forUser(freshTokens, { kind: "signIn", failFastOnQuota: true }).me();
  } catch (error) {
    if (error instanceof SpotifyQuotaPausedError) return fail("spotify_quota");
    deps.log.warn("spotify sign-in failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    if (error instanceof SpotifyBusyError) return fail("busy");
    // A development-mode app answers 403 to every account its operator has not registered.
    return fail(isUnregisteredUser(error) ? "not_registered" : "provider_error");
  }
  if (!tokens.refreshToken) {
    deps.log.warn("spotify token answer without refresh_token");
    return fail("provider_error");
  }
  const refreshToken = tokens.refreshToken;

  // The account, its tokens, its grant and its new session are written as one transaction: one commit (one wait
  // for the disk) instead of five, and a crash leaves either all of it or none.
  let signedIn: { userId: string; created: boolean; sessionToken: string } | "noCapacity";
  try {
    signedIn = transaction(deps.db, () => {
      const result = findOrCreateUser(deps, {
        spotifyId: profile.id,
        accountId: accountIdOf(profile),
        displayName: profile.display_name ?? null,
        referrer: pending.referrer,
      });
      if ("noCapacity" in result) return "noCapacity";
      // The browser's zone, checked again after the cookie round trip; kept only while the user has none.
      const timeZone = pending.timeZone ? (canonicalTimeZone(pending.timeZone) ?? undefined) : undefined;
      learnTimeZone(deps.db, result.userId, timeZone);
      saveTokens(deps, result.userId, {
        accessToken: tokens.accessToken,
        refreshToken,
        expiresIn: tokens.expiresIn,
        scope: tokens.scope,
      });
      // Every completed sign-in starts a fresh 6-month grant on Spotify.
      recordAuthorization(deps, result.userId, grantStartOf(deps.config, profile.id, deps.clock.now()));
      revokeSession(deps.db, presentedSession);
      const session = createSession(deps.db, deps.clock, result.userId, storedUserAgent(userAgent));
      return { userId: result.userId, created: result.created, sessionToken: session.token };
    });
  } catch (error) {
    if (error instanceof AccountLinkConflict) {
      deps.log.warn("spotify sign-in refused", { error: error.message });
      return fail("provider_error");
    }
    // Nothing of the sign-in was kept (one transaction): the browser is told so on /login, not shown a 500.
    deps.log.error("sign-in could not be saved", { error: String(error) });
    return fail("server_error");
  }
  if (signedIn === "noCapacity") return { location: NO_CAPACITY_PATH, cookies };
  const result = signedIn;
  cookies.push(sessionCookie(deps.config, result.sessionToken));
  // Read new likes now, so counts and the first distribution are ready sooner (one call when nothing is new).
  await deps.afterSignIn(result.userId);
  deps.log.info("signed in", { userId: result.userId, created: result.created });
  return { location: signInReturnPaths[pending.returnTo], cookies };
}
