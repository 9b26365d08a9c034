import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { providerTokens, users } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";
import { SpotifyAuthRevokedError, SpotifyError } from "../spotify/errors.ts";
import type { AccessTokenSource, SpotifyClient, SpotifyUserApi } from "../spotify/types.ts";
import { decryptToken, encryptToken } from "./token-crypto.ts";

/** Access tokens are refreshed this long before they expire, so a call never starts with a dying token. */
export const REFRESH_MARGIN_MS = 60_000;

type TokenDeps = Pick<Deps, "db" | "clock" | "tokenKey" | "spotify" | "log">;

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

/** The user's tokens, decrypted; null when there are none or they no longer decrypt (the key was changed). */
export function readTokens(deps: Pick<Deps, "db" | "tokenKey">, userId: string): StoredTokens | null {
  const row = deps.db.select().from(providerTokens).where(eq(providerTokens.userId, userId)).get();
  if (!row) return null;
  try {
    return {
      accessToken: decryptToken(deps.tokenKey, userId, row.accessTokenEnc),
      refreshToken: decryptToken(deps.tokenKey, userId, row.refreshTokenEnc),
      expiresAt: row.expiresAt,
      scope: row.scope,
    };
  } catch {
    return null;
  }
}

export function setMonitored(db: Db, userId: string, monitored: boolean): void {
  db.update(users).set({ monitored }).where(eq(users.id, userId)).run();
}

// One refresh per user at a time, per client (so separate servers in one process never share).
const inFlight = new WeakMap<SpotifyClient, Map<string, Promise<string>>>();

/** A new access token from the refresh token; concurrent callers for one user share one request. */
export function refreshAccessToken(deps: TokenDeps, userId: string): Promise<string> {
  let pending = inFlight.get(deps.spotify);
  if (!pending) {
    pending = new Map();
    inFlight.set(deps.spotify, pending);
  }
  const running = pending.get(userId);
  if (running) return running;
  const map = pending;
  const refresh = doRefresh(deps, userId).finally(() => map.delete(userId));
  map.set(userId, refresh);
  return refresh;
}

async function doRefresh(deps: TokenDeps, userId: string): Promise<string> {
  const stored = readTokens(deps, userId);
  if (!stored) {
    setMonitored(deps.db, userId, false);
    throw new SpotifyAuthRevokedError(userId);
  }
  try {
    const answer = await deps.spotify.accounts.refresh(stored.refreshToken);
    saveTokens(deps, userId, {
      accessToken: answer.accessToken,
      // Spotify may omit a new refresh token: the old one stays valid then.
      refreshToken: answer.refreshToken ?? stored.refreshToken,
      expiresIn: answer.expiresIn,
      scope: answer.scope || stored.scope,
    });
    return answer.accessToken;
  } catch (error) {
    if (error instanceof SpotifyError && error.status === 400 && error.reason === "invalid_grant") {
      setMonitored(deps.db, userId, false);
      deps.log.info("spotify refresh token refused; user no longer monitored", { userId });
      throw new SpotifyAuthRevokedError(userId);
    }
    throw error;
  }
}

/** Bearer tokens for one user: the stored one while it is fresh, else a refresh; after a 401, a refresh unless another call already did one. */
export function tokenSourceFor(deps: TokenDeps, userId: string): AccessTokenSource {
  return {
    async current() {
      const stored = readTokens(deps, userId);
      if (!stored) {
        setMonitored(deps.db, userId, false);
        throw new SpotifyAuthRevokedError(userId);
      }
      if (stored.expiresAt - deps.clock.now() > REFRESH_MARGIN_MS) return stored.accessToken;
      return refreshAccessToken(deps, userId);
    },
    async refresh(rejected) {
      const stored = readTokens(deps, userId);
      if (stored && rejected !== undefined && stored.accessToken !== rejected) return stored.accessToken;
      return refreshAccessToken(deps, userId);
    },
  };
}

/** The Web API on behalf of a user, with their stored tokens (decrypted, refreshed as needed). */
export function spotifyForUser(deps: TokenDeps, userId: string): SpotifyUserApi {
  return deps.spotify.forUser(tokenSourceFor(deps, userId));
}
