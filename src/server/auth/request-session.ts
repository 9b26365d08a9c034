// The signed-in user of a request, looked up once: the activity recorder, the REST shims and the tRPC context of
// one request share it instead of each hashing the token and querying the session again.
import type { Context } from "hono";
import type { Deps } from "../deps/deps.ts";
import { presentedSessionToken } from "./cookies.ts";
import { lookupSession, type SessionUser } from "./sessions.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** null: no valid session; absent: not looked up yet */
    sessionUser: SessionUser | null;
  }
}

/** The request's session user (null when signed out, expired or unknown), from the first lookup of the request. */
export function requestSession(c: Context, deps: Pick<Deps, "db" | "clock" | "config">): SessionUser | null {
  const known = c.get("sessionUser");
  if (known !== undefined) return known;
  const user = lookupSession(deps, presentedSessionToken(c, deps.config));
  c.set("sessionUser", user);
  return user;
}
