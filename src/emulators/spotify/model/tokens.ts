// Authorization codes (in memory, 10 minutes, single use) and access/refresh tokens (persisted).
import { grantEndsAt } from "../../../shared/spotify-access.ts";
import { randomToken } from "./random.ts";
import type { StateStore, StoredToken } from "./store.ts";

export const CODE_TTL_MS = 10 * 60 * 1000;

export interface AuthorizationCode {
  code: string;
  clientId: string;
  redirectUri: string;
  userId: string;
  scope: string;
  codeChallenge: string | null;
  expiresAt: number;
  used: boolean;
}

export interface IssuedTokens {
  access: StoredToken;
  /** absent on refreshes that keep the old refresh token */
  refresh: StoredToken | null;
}

export type AccessCheck =
  | { ok: true; token: StoredToken }
  | {
      ok: false;
      message:
        | "No token provided"
        | "Only valid bearer authentication supported"
        | "Invalid access token"
        | "The access token expired";
    };

export class TokenBook {
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly tokens = new Map<string, StoredToken>();
  private issuedSincePrune = 0;

  constructor(
    private readonly store: StateStore,
    private readonly now: () => number,
    private readonly accessTtlSec: number,
    loaded: readonly StoredToken[],
    /** a refresh token's life from its authorization; null: 6 calendar months (Spotify since 2026-07-20) */
    private grantLifetimeMs: number | null = null,
  ) {
    for (const token of loaded) this.tokens.set(token.token, token);
  }

  get accessTokenTtlSec(): number {
    return this.accessTtlSec;
  }

  issueCode(input: Omit<AuthorizationCode, "code" | "expiresAt" | "used">): string {
    const code = randomToken("AQ", 96);
    this.codes.set(code, { ...input, code, expiresAt: this.now() + CODE_TTL_MS, used: false });
    for (const [key, c] of this.codes) if (c.expiresAt < this.now() - CODE_TTL_MS) this.codes.delete(key);
    return code;
  }

  /** The code if it exists, is unused and unexpired; it is used up by this call either way. */
  redeemCode(code: string): AuthorizationCode | null {
    const record = this.codes.get(code);
    if (!record || record.used || record.expiresAt <= this.now()) return null;
    record.used = true;
    return record;
  }

  /** An authorization: a refresh token whose life (6 months) starts now, and an access token. */
  issue(userId: string, clientId: string, scope: string): IssuedTokens {
    const now = this.now();
    const grantEnd = this.grantLifetimeMs === null ? grantEndsAt(now) : now + this.grantLifetimeMs;
    const refresh = this.newToken("refresh", userId, clientId, scope, 0, grantEnd);
    return { access: this.newToken("access", userId, clientId, scope, 0), refresh };
  }

  /** Sets the lifetime of grants given from now on (null: 6 calendar months). */
  setGrantLifetime(ms: number | null): void {
    this.grantLifetimeMs = ms;
  }

  /** A live refresh token of this client, or null (unknown, revoked, expired, or another client's). */
  refreshToken(token: string, clientId: string): StoredToken | null {
    const record = this.tokens.get(token);
    if (record?.kind !== "refresh" || record.revoked || record.clientId !== clientId) return null;
    // Refresh tokens from before expiry (no end stored) keep working.
    if (record.expiresAt !== null && record.expiresAt <= this.now()) return null;
    return record;
  }

  /** The listener's grant ends now: every refresh token of theirs answers invalid_grant from here on. */
  endGrant(userId: string): number {
    const at = this.now() - 1;
    let ended = 0;
    for (const t of this.tokens.values()) {
      if (t.userId === userId && t.kind === "refresh" && !t.revoked && (t.expiresAt ?? Infinity) > at) {
        t.expiresAt = at;
        this.store.saveToken(t);
        ended++;
      }
    }
    return ended;
  }

  /** Every second refresh answers without a refresh token (clients must keep the old one). */
  refresh(record: StoredToken): IssuedTokens {
    record.refreshCount++;
    this.store.saveToken(record);
    const access = this.newToken("access", record.userId, record.clientId, record.scope, 0);
    const rotate = record.refreshCount % 2 === 0;
    // A rotated refresh token keeps the authorization's end: refreshing never extends a grant.
    const refresh = rotate
      ? this.newToken(
          "refresh",
          record.userId,
          record.clientId,
          record.scope,
          record.refreshCount,
          record.expiresAt,
        )
      : null;
    return { access, refresh };
  }

  /** `token`: null without an Authorization header, "" when the header is not `Bearer <token>`. */
  checkAccess(token: string | null): AccessCheck {
    if (token === null) return { ok: false, message: "No token provided" };
    if (token === "") return { ok: false, message: "Only valid bearer authentication supported" };
    const record = this.tokens.get(token);
    if (record?.kind !== "access" || record.revoked) return { ok: false, message: "Invalid access token" };
    if ((record.expiresAt ?? 0) <= this.now()) return { ok: false, message: "The access token expired" };
    return { ok: true, token: record };
  }

  expireAllAccessTokens(): number {
    const at = this.now() - 1;
    let expired = 0;
    for (const t of this.tokens.values()) {
      if (t.kind === "access" && (t.expiresAt ?? 0) > at) {
        t.expiresAt = at;
        expired++;
      }
    }
    this.store.expireAccessTokens(at);
    return expired;
  }

  /** The listener removed the app's access: every token of theirs stops working. */
  revoke(userId: string): number {
    let revoked = 0;
    for (const t of this.tokens.values()) {
      if (t.userId === userId && !t.revoked) {
        t.revoked = true;
        revoked++;
      }
    }
    this.store.revokeTokens(userId);
    return revoked;
  }

  /** Access tokens expired for over a day only cost memory (the store drops them at the next start). */
  private pruneExpiredAccessTokens(): void {
    this.issuedSincePrune = 0;
    const horizon = this.now() - 86_400_000;
    for (const [key, t] of this.tokens) {
      if (t.kind === "access" && (t.expiresAt ?? 0) < horizon) this.tokens.delete(key);
    }
  }

  private newToken(
    kind: "access" | "refresh",
    userId: string,
    clientId: string,
    scope: string,
    refreshCount: number,
    refreshExpiresAt: number | null = null,
  ): StoredToken {
    const token: StoredToken = {
      token: randomToken(kind === "access" ? "BQ" : "AQ", kind === "access" ? 96 : 64),
      kind,
      userId,
      clientId,
      scope,
      expiresAt: kind === "access" ? this.now() + this.accessTtlSec * 1000 : refreshExpiresAt,
      revoked: false,
      refreshCount,
    };
    this.tokens.set(token.token, token);
    this.store.saveToken(token);
    if (++this.issuedSincePrune >= 1000) this.pruneExpiredAccessTokens();
    return token;
  }
}
