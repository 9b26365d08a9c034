// The page renderer as a worker the server starts (server/static/prerendered-pages.ts): rendering runs beside the
// server's event loop, not on it. It renders the public pages a signed-out visitor can open, and a signed-in
// listener's Playlists page with that listener's data (ADR 0033), nothing else.
import { getQueryKey } from "@trpc/react-query";
import { isPagePath } from "../../shared/pages/paths.ts";
import {
  LISTENER_PAGE_PATH,
  type PrerenderRequest,
  type PrerenderResponse,
  type PrerenderSeed,
} from "../../shared/prerender.ts";
import { routeAt } from "../App.tsx";
import { trpc } from "../api/trpc.ts";
import { notFoundRoute, publicRoutes } from "../routes/public.ts";
import { renderPage } from "./render-page.tsx";

declare const self: Worker;

/** Pages that read the address's query (an error code, a wait) render in the browser only. */
const BROWSER_ONLY = new Set(["/login", "/no-capacity"]);
const RENDERED = new Set(
  [...publicRoutes.map((route) => route.path), "/plans"].filter((p) => !BROWSER_ONLY.has(p)),
);

const seedKeys: Record<string, unknown[]> = {
  "user.me": getQueryKey(trpc.user.me, undefined, "query"),
  "billing.checkoutConfig": getQueryKey(trpc.billing.checkoutConfig, undefined, "query"),
  "billing.pricing": getQueryKey(trpc.billing.pricing, undefined, "query"),
  "user.spotifyAccess": getQueryKey(trpc.user.spotifyAccess, undefined, "query"),
  "distribution.listenerPreferences": getQueryKey(trpc.distribution.listenerPreferences, undefined, "query"),
  "playlists.overview": getQueryKey(trpc.playlists.overview, undefined, "query"),
  "metadata.coverage": getQueryKey(trpc.metadata.coverage, undefined, "query"),
};

/** Public pages and the not-found page for a signed-out visitor; the Playlists page for a signed-in listener. */
const rendered = (path: string, seed: PrerenderSeed) =>
  seed["user.me"] ? path === LISTENER_PAGE_PATH : RENDERED.has(path) || !isPagePath(path);

async function answer({ id, path, seed }: PrerenderRequest): Promise<PrerenderResponse> {
  const route = isPagePath(path) ? routeAt(path) : notFoundRoute;
  if (!route || !rendered(path, seed)) return { id, page: null };
  if (seed["user.me"]) await signedInReady;
  const page = await renderPage(path, route, (queryClient) => {
    const updatedAt = Date.now();
    for (const [procedure, data] of Object.entries(seed satisfies PrerenderSeed)) {
      const key = seedKeys[procedure];
      if (!key) throw new Error(`No query to seed for ${procedure}`);
      queryClient.setQueryData(key, data, { updatedAt });
    }
  });
  return { id, page };
}

/**
 * The signed-in Playlists page is rendered on every visit, so it is rendered once as the renderer starts (with no
 * data): that loads its modules, and the toasts' region, which React.lazy loads only when first rendered (left
 * out of a page, the browser would have to render it, an error there).
 */
const signedInReady = (async () => {
  const route = routeAt(LISTENER_PAGE_PATH);
  if (!route) return;
  await renderPage(LISTENER_PAGE_PATH, route, (queryClient) => {
    queryClient.setQueryData(seedKeys["user.me"] ?? [], {
      userId: "",
      spotifyId: "",
      membershipLevel: "Free",
    });
  });
  // the region's module, loaded by that render; lazy's own wait for it was registered first and is over by then
  await import("../components/Toaster.tsx");
  await Promise.resolve();
})().catch(() => undefined);

self.onmessage = (event: MessageEvent<PrerenderRequest>) => {
  answer(event.data).then(
    (response) => self.postMessage(response),
    (error: unknown) =>
      self.postMessage({ id: event.data.id, error: String(error) } satisfies PrerenderResponse),
  );
};
