// Activity of users with statistics enabled: which calls they make, and when.
import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import { requestSession } from "../auth/request-session.ts";
import type { SessionUser } from "../auth/sessions.ts";
import type { Deps } from "../deps/deps.ts";
import { isReadMethod } from "../platform/http-methods.ts";
import { insertActivityUnlessRecent } from "./activity-repository.ts";

/** The same call again within this time is not recorded again (polling would drown everything else). */
export const ACTIVITY_REPEAT_MS = 60_000;
const MAX_KIND_LENGTH = 120;
const MAX_PROCEDURES_PER_CALL = 10;

type ActivityDeps = Pick<Deps, "db" | "clock">;

/**
 * Records that the user did `kind` now, only when statistics are enabled for the user and the same kind was
 * not recorded within `repeatWindowMs`. Returns whether a row was written.
 */
export function recordActivity(
  deps: ActivityDeps,
  userId: string,
  kind: string,
  options: { repeatWindowMs?: number } = {},
): boolean {
  const now = deps.clock.now();
  const since = now - (options.repeatWindowMs ?? ACTIVITY_REPEAT_MS);
  const name = kind.slice(0, MAX_KIND_LENGTH);
  return insertActivityUnlessRecent(deps.db, { userId, kind: name, time: now }, since);
}

/**
 * Short names of the calls a request made: "GET /api/distributor/:id/progress" for a REST path (the route's
 * pattern, so ids do not make every call unique), "tRPC distribution.progress" for each procedure of a tRPC
 * request that the router has (`procedures`). Unknown paths and names give none: a client cannot write what it
 * likes into a listener's activity.
 */
export function activityKinds(c: Context, procedures: ReadonlySet<string>): string[] {
  const path = c.req.path;
  if (path.startsWith("/api/trpc/")) {
    let names: string;
    try {
      names = decodeURIComponent(path.slice("/api/trpc/".length));
    } catch {
      return [];
    }
    return names
      .split(",")
      .filter((name) => procedures.has(name))
      .slice(0, MAX_PROCEDURES_PER_CALL)
      .map((name) => `tRPC ${name}`);
  }
  const handler = matchedRoutes(c)
    .filter((route) => route.method !== "ALL")
    .at(-1);
  return handler ? [`${c.req.method} ${handler.path}`] : [];
}

/**
 * The session an /api call is recorded under, looked up before the call for a change, so sign-out and account
 * deletion are recorded too (deletion writes nothing); undefined for a read, looked up after it by
 * `recordCallActivity`, reusing the lookup its handler made inside its one read transaction.
 */
export function sessionBeforeCall(c: Context, deps: Deps): SessionUser | null | undefined {
  return isReadMethod(c.req.method) ? undefined : requestSession(c, deps);
}

/** Records the call of a signed-in user whose statistics are enabled (after it was answered). */
export function recordCallActivity(
  c: Context,
  deps: Deps,
  before: SessionUser | null | undefined,
  procedures: ReadonlySet<string>,
): void {
  const session = before === undefined ? requestSession(c, deps) : before;
  if (!session?.statisticsEnabled) return;
  try {
    for (const kind of activityKinds(c, procedures)) recordActivity(deps, session.userId, kind);
  } catch (error) {
    deps.log.warn("activity not recorded", { userId: session.userId, error: String(error) });
  }
}
