// What a listener's polled reads are remembered under at the edge (db/read-memo.ts), one place for the REST read
// shims and the tRPC procedures.
import type { SessionUser } from "../auth/sessions.ts";

/** A listener's preferences: their own choices, shown for their level. */
export function preferencesMemoKey(user: SessionUser): string {
  return `${user.userId} ${user.membershipLevel}`;
}

/** A listener's run's progress. */
export function progressMemoKey(user: SessionUser, distributionId: string): string {
  return `${user.userId} ${distributionId}`;
}
