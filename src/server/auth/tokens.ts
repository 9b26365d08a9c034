import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { providerTokens, users } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { SpotifyAuthRevokedError, SpotifyError } from "../spotify/errors.ts";
import type { AccessTokenSource, SpotifyUserApi } from "../spotify/types.ts";
import type { SpotifyWork } from "../spotify/work.ts";
import { grantHolds, recordAccessRefused } from "./spotify-access.ts";
import { decryptToken, encryptToken } from "./token-crypto.ts";

/** Access tokens are refreshed this long before they expire, so a call never starts with a dying token. */
export const REFRESH_MARGIN_MS = 60_000;

type TokenDeps = Pick<Deps, "db" | "clock" | "tokenKey" | "spotify" | "log" | "tokenRefreshes">;

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  scope: string;
}

/** Writes both tokens, each encrypted with a fresh IV and bound to the user id. */
export function saveTokens(
  deps: Pick<Deps, "db" | "clock" | "tokenKey">,
  userId: string,
  tokens: { accessToken: string; refreshToken: string; expiresIn: number; scope: string },
): void {
  const now = deps.clock.now();
  const row = {
    accessTokenEnc: encryptToken(deps.tokenKey, userId, tokens.accessToken),
    refreshTokenEnc: encryptToken(deps.tokenKey, userId, tokens.refreshToken),
    scope: tokens.scope,
    expiresAt: now + tokens.expiresIn * 1000,
    updatedAt: now,
  };
  deps.db
    .insert(providerTokens)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: providerTokens.userId, set: row })
    .run();
}

/** saveTokens, but only while the stored refresh token is still `version`; false when another write came first. */
function saveTokensIf(
  deps: Pick<Deps, "db" | "clock" | "tokenKey">,
  userId: string,
  version: string,
  tokens: { accessToken: string; refreshToken: string; expiresIn: number; scope: string },
): boolean {
  const now = deps.clock.now();
  const result = deps.db
    .update(providerTokens)
    .set({
      accessTokenEnc: encryptToken(deps.tokenKey, userId, tokens.accessToken),
      refreshTokenEnc: encryptToken(deps.tokenKey, userId, tokens.refreshToken),
      scope: tokens.scope,
      expiresAt: now + tokens.expiresIn * 1000,
      updatedAt: now,
    })
    .where(and(eq(providerTokens.userId, userId), eq(providerTokens.refreshTokenEnc, version)))
    .returning({ userId: providerTokens.userId })
    .all();
  return result.length === 1;
}

/** The user's tokens, decrypted; null when there are none or they no longer decrypt (the key was changed). */
export function readTokens(deps: Pick<Deps, "db" | "tokenKey">, userId: string): StoredTokens | null {
  return readVersioned(deps, userId)?.tokens ?? null;
}

/** The tokens with the stored ciphertext of the refresh token, which tells whether a later write replaced them. */
function readVersioned(
  deps: Pick<Deps, "db" | "tokenKey">,
  userId: string,
): { tokens: StoredTokens; version: string } | null {
  const row = deps.db.select().from(providerTokens).where(eq(providerTokens.userId, userId)).get();
  if (!row) return null;
  try {
    return {
      version: row.refreshTokenEnc,
      tokens: {
        accessToken: decryptToken(deps.tokenKey, userId, row.accessTokenEnc),
        refreshToken: decryptToken(deps.tokenKey, userId, row.refreshTokenEnc),
        expiresAt: row.expiresAt,
        scope: row.scope,
      },
    };
  } catch {
    return null;
  }
}

export function setMonitored(db: Db, userId: string, monitored: boolean): void {
  db.update(users).set({ monitored }).where(eq(users.id, userId)).run();
}

/**
 * A new access token from the refresh token; concurrent callers for one user share one request (made for the
 * first caller's work: the hourly job's refreshes queue behind a listener's own).
 */
export function refreshAccessToken(deps: TokenDeps, userId: string, work?: SpotifyWork): Promise<string> {
  const pending = deps.tokenRefreshes;
  const running = pending.get(userId);
  if (running) return running;
  const map = pending;
  const refresh = doRefresh(deps, userId, work).finally(() => map.delete(userId));
  map.set(userId, refresh);
  return refresh;
}

/**
 * Writes only if the stored tokens are still the ones the refresh read: a sign-in that saved newer tokens while
 * the call was out wins, and its tokens are used.
 */
async function doRefresh(deps: TokenDeps, userId: string, work?: SpotifyWork): Promise<string> {
  const read = readVersioned(deps, userId);
  if (!read) {
    setMonitored(deps.db, userId, false);
    throw new SpotifyAuthRevokedError(userId);
  }
  const stored = read.tokens;
  const replaced = () => {
    const now = readVersioned(deps, userId);
    return now && now.version !== read.version ? now.tokens.accessToken : null;
  };
  try {
    const answer = await deps.spotify.accounts.refresh(stored.refreshToken, work);
    const written = saveTokensIf(deps, userId, read.version, {
      accessToken: answer.accessToken,
      // Spotify may omit a new refresh token: the old one stays valid then.
      refreshToken: answer.refreshToken ?? stored.refreshToken,
      expiresIn: answer.expiresIn,
      scope: answer.scope || stored.scope,
    });
    if (written) return answer.accessToken;
    const newer = replaced();
    if (newer) return newer;
    throw new SpotifyAuthRevokedError(userId);
  } catch (error) {
    if (error instanceof SpotifyError && error.status === 400 && error.reason === "invalid_grant") {
      // The refused token may be one a new sign-in already replaced: then the user stays monitored.
      const newer = replaced();
      if (newer) return newer;
      // Not retried: Spotify's answer stands until the listener signs in again.
      recordAccessRefused(deps.db, userId, deps.clock.now());
      deps.log.info("spotify refresh token refused; user no longer monitored", { userId });
      throw new SpotifyAuthRevokedError(userId);
    }
    throw error;
  }
}

/** Bearer tokens for one user: the stored one while it is fresh, else a refresh; after a 401, a refresh unless another call already did one. */
export function tokenSourceFor(deps: TokenDeps, userId: string, work?: SpotifyWork): AccessTokenSource {
  return {
    userId,
    async current() {
      // A grant that ended (refused, or past its six months) costs no token or Web API call.
      if (!grantHolds(deps, userId)) throw new SpotifyAuthRevokedError(userId);
      const stored = readTokens(deps, userId);
      if (!stored) {
        setMonitored(deps.db, userId, false);
        throw new SpotifyAuthRevokedError(userId);
      }
      if (stored.expiresAt - deps.clock.now() > REFRESH_MARGIN_MS) return stored.accessToken;
      return refreshAccessToken(deps, userId, work);
    },
    async refresh(rejected) {
      if (!grantHolds(deps, userId)) throw new SpotifyAuthRevokedError(userId);
      const stored = readTokens(deps, userId);
      if (stored && rejected !== undefined && stored.accessToken !== rejected) return stored.accessToken;
      return refreshAccessToken(deps, userId, work);
    },
  };
}

/** The Web API on behalf of a user for `work`, with their stored tokens (decrypted, refreshed as needed). */
export function spotifyForUser(deps: TokenDeps, userId: string, work?: SpotifyWork): SpotifyUserApi {
  return deps.spotify.forUser(tokenSourceFor(deps, userId, work), work);
}
