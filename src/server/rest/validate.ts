import type { Context } from "hono";
import type { z } from "zod";
import { presentedSessionToken } from "../auth/cookies.ts";
import { requestSession } from "../auth/request-session.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
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
 * A read shim: the session lookup and the service's reads in one read transaction — one snapshot, and one lock
 * instead of one per statement — answered as JSON. The read must be synchronous (the transaction ends when it
 * returns). Its validator and caching rule are the response policy's, as for every read (http/validators.ts).
 */
export function reading<T>(
  deps: Pick<Deps, "db">,
  read: (c: Context) => T extends Promise<unknown> ? never : T,
): (c: Context) => Response {
  return (c) => c.json(transaction(deps.db, () => read(c)) as object);
}
