import { eq } from "drizzle-orm";
import type { MembershipLevel } from "../../shared/membership.ts";
import type { Db } from "../db/client.ts";
import { withTransaction } from "../db/client.ts";
import { membershipEvents, users } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";
import { notFound } from "../platform/errors.ts";

export type MembershipSource = (typeof membershipEvents.$inferInsert)["source"];

export interface MembershipChange {
  userId: string;
  from: MembershipLevel;
  to: MembershipLevel;
  source: MembershipSource;
  effectiveDate: number;
}

export type MembershipChangedHook = (deps: Deps, change: MembershipChange) => void | Promise<void>;

/**
 * Called after every committed membership level change (in order of registration). Other domains register
 * here, e.g. freezing premium-only playlists when premium ends. Hooks are awaited, so keep them quick;
 * a failing hook is logged and never undoes the change.
 */
export const onMembershipChanged: MembershipChangedHook[] = [];

/**
 * Writes the level and its membership event with the given database or transaction handle (the caller
 * makes it atomic). Returns null when the user already has that level (nothing is written); throws 404 for
 * an unknown user.
 */
export function writeMembershipLevel(
  db: Db,
  userId: string,
  level: MembershipLevel,
  source: MembershipSource,
  effectiveDate: number,
): MembershipChange | null {
  const row = db
    .select({ membershipLevel: users.membershipLevel })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw notFound("No such user.");
  if (row.membershipLevel === level) return null;
  db.update(users).set({ membershipLevel: level }).where(eq(users.id, userId)).run();
  db.insert(membershipEvents).values({ userId, membershipLevel: level, effectiveDate, source }).run();
  return { userId, from: row.membershipLevel, to: level, source, effectiveDate };
}

/** Runs the registered hooks for changes that have been committed. */
export async function runMembershipHooks(deps: Deps, changes: readonly MembershipChange[]): Promise<void> {
  for (const change of changes) {
    for (const hook of onMembershipChanged) {
      try {
        await hook(deps, change);
      } catch (err) {
        deps.log.error("membership hook failed", {
          userId: change.userId,
          to: change.to,
          error: err instanceof Error ? (err.stack ?? err.message) : String(err),
        });
      }
    }
  }
}

/**
 * THE way to change a user's membership level (webhooks, admin, expiry): updates users.membershipLevel,
 * records a membership event and runs the onMembershipChanged hooks. Returns null when nothing changed.
 */
export async function setMembershipLevel(
  deps: Deps,
  userId: string,
  level: MembershipLevel,
  source: MembershipSource,
  options: { effectiveDate?: number } = {},
): Promise<MembershipChange | null> {
  const effectiveDate = options.effectiveDate ?? deps.clock.now();
  const change = withTransaction(deps.db, (tx) =>
    writeMembershipLevel(tx, userId, level, source, effectiveDate),
  );
  if (change) await runMembershipHooks(deps, [change]);
  return change;
}
