import { and, desc, eq } from "drizzle-orm";
import type { SessionSummary } from "../../shared/schemas/sessions.ts";
import { describeUserAgent } from "../../shared/user-agent.ts";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { notFound } from "../platform/errors.ts";
import { SESSION_IDLE_MS } from "./sessions.ts";

/** The longest User-Agent kept: enough to tell browsers apart, not a place to store anything else. */
export const USER_AGENT_MAX = 300;

export const storedUserAgent = (userAgent: string | undefined): string | null =>
  userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null;

/** The listener's live sessions, the most recently seen first, the one of this request marked. */
export function listSessions(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  currentSessionId: string,
): SessionSummary[] {
  const now = deps.clock.now();
  return deps.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt))
    .all()
    .filter((s) => s.expiresAt > now && now - s.lastSeenAt <= SESSION_IDLE_MS)
    .map((s) => ({
      id: s.id,
      browser: describeUserAgent(s.userAgent),
      firstSeen: new Date(s.createdAt).toISOString(),
      lastSeen: new Date(s.lastSeenAt).toISOString(),
      current: s.id === currentSessionId,
    }));
}

/** Ends one of the listener's sessions; another listener's (or an unknown) session is a 404. */
export function endSession(db: Db, userId: string, sessionId: string): void {
  const ended = db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id })
    .all();
  if (ended.length === 0) throw notFound("No such session.");
}
