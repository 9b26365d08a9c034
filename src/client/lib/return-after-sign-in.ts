// "Sign in again" from any signed-in page comes back to that page: the sign-in itself always returns to the start
// page, so the path is kept in session storage for the one visit after it.
import { readSession, removeSession, writeSession } from "./session-storage.ts";

const RETURN_KEY = "returnAfterSignIn";

/** Only a path of this site (no other origin, no protocol-relative `//host`). */
const isOwnPath = (path: string) => path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");

export function rememberReturnPath(): void {
  const path = `${window.location.pathname}${window.location.search}`;
  if (isOwnPath(path)) writeSession(RETURN_KEY, path);
}

/** The page to go back to after a sign-in, once (it is forgotten as it is read). */
export function takeReturnPath(): string | null {
  const path = readSession(RETURN_KEY);
  if (path === null) return null;
  removeSession(RETURN_KEY);
  return isOwnPath(path) ? path : null;
}
