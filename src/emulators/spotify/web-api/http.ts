// The Web API's request pipeline (call log, latency, rate limit and faults, Bearer check) and small helpers.
import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Paging } from "../../../shared/spotify-paging.ts";
import { QUOTA_EXCEEDED_BODY } from "../model/quota.ts";
import { UNREGISTERED_MESSAGE } from "../model/registered-users.ts";
import type { EmulatorRuntime } from "../model/runtime.ts";
import type { World } from "../model/state.ts";
import type { StoredToken } from "../model/store.ts";

export const API_PREFIX = "/emulator/spotify/v1";

export interface ApiCall {
  c: Context;
  world: World;
  token: StoredToken;
  /** absolute base of the Web API as the caller reached it, for href/next links */
  base: string;
  /** a `market` was given: objects carry `is_playable` instead of `available_markets` */
  market: boolean;
  runtime: EmulatorRuntime;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

export function apiError(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json({ error: { status, message } }, status);
}

/** Registers one endpoint; `template` is Spotify's path (`/playlists/{playlist_id}/items`). */
export function endpoint(
  app: Hono,
  runtime: EmulatorRuntime,
  method: "GET" | "POST" | "PUT" | "DELETE",
  template: string,
  handler: ApiHandler,
): void {
  const name = `${method} /v1${template}`;
  const honoPath = template.replace(/\{(\w+)\}/g, ":$1");
  app.on(method, honoPath, async (c) => {
    const faults = runtime.faults;
    const { sleep } = runtime.faultTime;
    const arrivedAt = runtime.faultTime.now();
    faults.record(name);
    const latency = faults.latencyMs();
    if (latency > 0) await sleep(latency);
    const tokens = runtime.tokens();
    const authorization = c.req.header("authorization");
    const check = tokens.checkAccess(bearerToken(authorization));
    // Tells a refused call sent again from another call to the same path (the body is kept for the handler).
    const signature = `${method} ${c.req.url} ${authorization ?? ""} ${method === "GET" ? "" : await c.req.text()}`;
    // Development mode's quota: every request of the developer account counts, and a spent one is refused first.
    const overQuota = runtime.quota.spend();
    if (overQuota) {
      if (overQuota.retryAfterSec !== null) c.header("Retry-After", String(overQuota.retryAfterSec));
      return c.json(QUOTA_EXCEEDED_BODY, 429);
    }
    const decision = faults.decide(check.ok ? check.token.clientId : "anonymous", signature, arrivedAt);
    if (decision.kind === "rateLimited") {
      c.header("Retry-After", String(decision.retryAfterSec));
      return apiError(c, 429, "API rate limit exceeded");
    }
    if (decision.kind === "none" && faults.failsNext(name)) return apiError(c, 503, "Service unavailable");
    if (decision.kind === "serverError") {
      return apiError(c, decision.status, decision.status === 502 ? "Bad gateway." : "Service unavailable");
    }
    if (!check.ok) {
      if (check.message === "Only valid bearer authentication supported")
        return apiError(c, 400, check.message);
      if (check.message !== "No token provided") c.header("WWW-Authenticate", 'Bearer realm="spotify"');
      return apiError(c, 401, check.message);
    }
    // A development-mode app serves only the accounts its operator registered.
    if (!runtime.registeredUsers().allows(check.token.userId)) return apiError(c, 403, UNREGISTERED_MESSAGE);
    const url = new URL(c.req.url);
    const marketParam = url.searchParams.get("market");
    if (marketParam !== null && !MARKET.test(marketParam)) return apiError(c, 400, "Invalid market code");
    // A timeout: the call is carried out now; its answer comes only after the client has given up.
    const stallMs = decision.kind === "stall" ? decision.ms : 0;
    try {
      const response = await handler({
        c,
        world: runtime.world(),
        token: check.token,
        base: `${url.origin}${API_PREFIX}`,
        market: url.searchParams.has("market"),
        runtime,
      });
      if (method !== "GET" && response.status < 300 && faults.failAfterWrite()) {
        return apiError(c, 500, "Server error.");
      }
      if (stallMs > 0) await sleep(stallMs);
      return response;
    } catch (error) {
      if (stallMs > 0) await sleep(stallMs);
      if (error instanceof ApiError) return apiError(c, error.status, error.message);
      throw error;
    }
  });
}

/** ISO 3166-1 alpha-2, or the listener's own country. */
const MARKET = /^(?:[A-Z]{2}|from_token)$/;

/** The token of `Bearer <token>`; null without a header, "" for any other form (Spotify's 400). */
function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? "";
}

export function hasScope(token: StoredToken, ...anyOf: string[]): boolean {
  const granted = new Set(token.scope.split(" "));
  return anyOf.some((scope) => granted.has(scope));
}

export function requireScope(token: StoredToken, ...anyOf: string[]): void {
  if (!hasScope(token, ...anyOf)) throw new ApiError(403, "Insufficient client scope");
}

/** Spotify's `limit`/`offset` rules: limit 1..max (default 20), offset ≥ 0. */
export function pageParams(c: Context, max: number): { limit: number; offset: number } {
  const limitText = c.req.query("limit");
  const offsetText = c.req.query("offset");
  const whole = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);
  const limit = limitText === undefined || limitText === "" ? 20 : whole(limitText);
  const offset = offsetText === undefined || offsetText === "" ? 0 : whole(offsetText);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) throw new ApiError(400, "Invalid limit");
  if (!Number.isInteger(offset) || offset < 0) throw new ApiError(400, "Invalid offset");
  return { limit, offset };
}

/** A paging object over `total` items, `items` being the page at `offset`; `market` is kept in the links. */
export function paging<T>(
  url: string,
  items: T[],
  limit: number,
  offset: number,
  total: number,
  market?: string,
): Paging<T> {
  const tail = market ? `&market=${encodeURIComponent(market)}` : "";
  const at = (o: number) => `${url}?offset=${o}&limit=${limit}${tail}`;
  return {
    href: at(offset),
    items,
    limit,
    next: offset + limit < total ? at(offset + limit) : null,
    offset,
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
    total,
  };
}

/** Comma-separated ids of `?ids=`, at most `max` (Spotify: 400 "Too many ids requested"). */
export function idsParam(c: Context, max: number): string[] {
  const raw = c.req.query("ids");
  if (raw === undefined || raw.trim() === "") throw new ApiError(400, "invalid id");
  const ids = raw.split(",").map((id) => id.trim());
  if (ids.length > max) throw new ApiError(400, "Too many ids requested");
  return ids;
}

/** The JSON body, or `{}` when there is none; malformed JSON is Spotify's 400 "Error parsing JSON.". */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new ApiError(400, "Error parsing JSON.");
}
