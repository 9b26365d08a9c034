import { LISTENER_PAGE_QUERIES, type PrerenderSeed } from "../../shared/prerender.ts";
import { requestSessionToken } from "../auth/cookies.ts";
import { lookupSession } from "../auth/sessions.ts";
import type { Deps } from "../deps/deps.ts";
import { appRouter } from "./_app.ts";
import { createContextInner } from "./core/init.ts";

// The data a signed-in listener's Playlists page is rendered with on the server (ADR 0033): the answers of the
// queries the page shows at once, asked through the same procedures the app calls, as that listener.

/**
 * The seed of the Playlists page for the listener whose session `req` presents; null when it presents none that
 * is valid, or when a query fails (the page is then served as the plain shell, and the app asks on its own).
 */
export async function listenerPageSeed(deps: Deps, req: Request): Promise<PrerenderSeed | null> {
  const sessionToken = requestSessionToken(req, deps.config);
  const user = lookupSession(deps, sessionToken);
  if (!user) return null;
  const caller = appRouter.createCaller(createContextInner({ deps, sessionToken, user }));
  const answers: Record<(typeof LISTENER_PAGE_QUERIES)[number], () => Promise<unknown>> = {
    "user.me": () => caller.user.me(),
    "user.spotifyAccess": () => caller.user.spotifyAccess(),
    "distribution.listenerPreferences": () => caller.distribution.listenerPreferences(),
    "playlists.overview": () => caller.playlists.overview(),
    "metadata.coverage": () => caller.metadata.coverage(),
  };
  try {
    const data = await Promise.all(LISTENER_PAGE_QUERIES.map((query) => answers[query]()));
    return Object.fromEntries(LISTENER_PAGE_QUERIES.map((query, i) => [query, data[i]]));
  } catch {
    return null;
  }
}
