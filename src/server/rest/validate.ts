import type { Context } from "hono";
import type { z } from "zod";
import { presentedSessionToken } from "../auth/cookies.ts";
import { requestSession } from "../auth/request-session.ts";
import type { SessionUser } from "../auth/sessions.ts";
import { READ_MEMO_LIMITS, readMemo } from "../db/read-memo.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { jsonRead, jsonReadAnswer, type KeptJsonRead, keptJsonRead } from "../http/validators.ts";
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

/** How a read shim remembers its answers: the key (the listener's, say) and, for large answers, fewer of them. */
export interface RememberedBy {
  key: (c: Context) => string;
  /** answers kept at most (each is kept as its serialised text: 52 KB for the preferences) */
  maxEntries?: number;
}

/**
 * A read shim: the session lookup and the service's reads in one read transaction — one snapshot, and one lock
 * instead of one per statement — answered as JSON with its validator, or a 304 (http/validators.ts). The read must
 * be synchronous (the transaction ends when it returns). `remembered`: the answer, serialised and with its ETag, is
 * kept under its key while nothing was written (db/read-memo.ts): a read pages repeat then reads, serialises and
 * hashes nothing.
 */
export function reading<T>(
  deps: Pick<Deps, "db">,
  read: (c: Context) => T extends Promise<unknown> ? never : T,
  rememberedBy?: RememberedBy,
): (c: Context) => Response {
  const memo =
    rememberedBy &&
    readMemo<KeptJsonRead>({
      ...READ_MEMO_LIMITS,
      maxEntries: rememberedBy.maxEntries ?? READ_MEMO_LIMITS.maxEntries,
    });
  return (c) => {
    const made = transaction(deps.db, () => {
      if (!memo || !rememberedBy) return jsonRead(JSON.stringify(read(c)));
      // read again after a write; an answer that came out the same keeps its text and validator
      return memo.get(deps.db, rememberedBy.key(c), (replaced) => keptJsonRead(read(c), replaced));
    });
    const answer = jsonReadAnswer(made, c.req.header("if-none-match") ?? null);
    return answer.body === null
      ? c.body(null, 304, answer.headers)
      : c.body(answer.body, 200, answer.headers);
  };
}
