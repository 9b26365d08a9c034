import type { Context } from "hono";
import type { z } from "zod";
import { httpPolicy } from "../../shared/http.ts";
import { presentedSessionToken } from "../auth/cookies.ts";
import { requestSession } from "../auth/request-session.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { matchesEtag, weakEtag } from "../http/compression.ts";
import { badRequest, notAdmin, notSignedIn } from "../platform/errors.ts";
import { zodMessage } from "../platform/transport-errors.ts";

/** Parses the JSON body with the shared zod schema; a missing or malformed body is a 400 naming the field. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw badRequest("body: must be valid JSON");
  }
  return parseWith(schema, raw);
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  return parsed.data;
}

export function sessionToken(c: Context, deps: Pick<Deps, "config">): string | undefined {
  return presentedSessionToken(c, deps.config);
}

export function optionalUser(c: Context, deps: Deps): SessionUser | null {
  return requestSession(c, deps);
}

export function requireUser(c: Context, deps: Deps): SessionUser {
  const user = optionalUser(c, deps);
  if (!user) throw notSignedIn();
  return user;
}

export function requireAdmin(c: Context, deps: Deps): SessionUser {
  const user = requireUser(c, deps);
  if (!deps.config.adminSpotifyIds.includes(user.spotifyId)) throw notAdmin();
  return user;
}

/**
 * JSON text made elsewhere (the preferences answer splices its catalogue in as text), answered as it is; with
 * its weak ETag when the maker has one cheaper than hashing the text.
 */
export class JsonText {
  constructor(
    readonly text: string,
    readonly etag?: string,
  ) {}
}

/**
 * A 200 with the JSON text and its weak ETag, or a 304 when the client's If-None-Match names it. The validator is
 * made here from the text, so the response policy (http/serve.ts) need not read the body back to hash it; an
 * answer large enough to compress says so by varying on Accept-Encoding, and only such a body is read again there.
 */
export function jsonAnswer(c: Context, text: string, etag = weakEtag(text)): Response {
  // characters, not bytes: a body of more bytes than characters is compressed all the more
  const headers: Record<string, string> = { ETag: etag };
  if (text.length > httpPolicy.compressMinBytes) headers.Vary = "Accept-Encoding";
  if (matchesEtag(c.req.header("if-none-match") ?? null, etag)) return c.body(null, 304, headers);
  return c.body(text, 200, { ...headers, "Content-Type": "application/json" });
}

/**
 * A read shim: the session lookup and the service's reads in one read transaction — one snapshot, and one lock
 * instead of one per statement — answered as JSON with its validator. The read must be synchronous (the
 * transaction ends when it returns).
 */
export function reading<T>(
  deps: Pick<Deps, "db">,
  read: (c: Context) => T extends Promise<unknown> ? never : T,
): (c: Context) => Response {
  return (c) => {
    const value = transaction(deps.db, () => read(c));
    if (value instanceof JsonText) return jsonAnswer(c, value.text, value.etag);
    return jsonAnswer(c, JSON.stringify(value));
  };
}
