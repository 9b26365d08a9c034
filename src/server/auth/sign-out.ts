import type { Deps } from "../deps/deps.ts";
import { clearSessionCookie } from "./cookies.ts";
import { revokeAllSessions, revokeSession } from "./sessions.ts";

/** Ends the session server-side (the token stops working everywhere) and returns the cookie that clears it. */
export function signOut(deps: Pick<Deps, "db" | "config">, token: string | undefined): string {
  revokeSession(deps.db, token);
  return clearSessionCookie(deps.config);
}

/** Ends every session of the user, the one presented included, and returns the cookie that clears it. */
export function signOutEverywhere(deps: Pick<Deps, "db" | "config">, userId: string): string {
  revokeAllSessions(deps.db, userId);
  return clearSessionCookie(deps.config);
}
