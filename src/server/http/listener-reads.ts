// What a listener's polled reads are remembered under at the edge (db/read-memo.ts), one place for the REST read
// shims and the tRPC procedures: the key says whose answer it is, the version (`users.reads_version`, which
// triggers count up on every write to what these answers show) when it stops holding.
import type { SessionUser } from "../auth/sessions.ts";

/** A listener's preferences: their own choices, shown for their level. */
export function preferencesMemoKey(user: SessionUser): string {
  return `${user.userId} ${user.membershipLevel}`;
}

/** A listener's run's progress. */
export function progressMemoKey(user: SessionUser, distributionId: string): string {
  return `${user.userId} ${distributionId}`;
}
