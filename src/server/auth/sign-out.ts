import type { Deps } from "../deps/deps.ts";
import { clearSessionCookie } from "./cookies.ts";
import { revokeSession } from "./sessions.ts";

/** Ends the session server-side (the token stops working everywhere) and returns the cookie that clears it. */
export function signOut(deps: Pick<Deps, "db" | "config">, token: string | undefined): string {
  revokeSession(deps.db, token);
  return clearSessionCookie(deps.config);
}
