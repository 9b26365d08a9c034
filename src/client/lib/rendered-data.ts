// Query data a page was rendered with on the server is as fresh as the page itself. The queries that otherwise ask
// again on every mount (the Playlists page's, so a selection cached before the latest distribution is never
// edited) take it as it is while the app takes that page over: the page does not turn back into its loading state
// and move under the listener's finger. Once the listener has left the rendered page, they ask again as before.
import { useEffect } from "react";
import { PRERENDER_STATE_ID, type RenderedState } from "../../shared/prerender.ts";

/** When the data of the page on screen was rendered; undefined until known, null for a page not rendered so. */
let renderedAt: number | null | undefined;
let left = false;

/** The server's renderer, before rendering a page with data of `updatedAt`. */
export function renderingWith(updatedAt: number): void {
  renderedAt = updatedAt;
  left = false;
}

/** In the browser: the time of the data the page arrived with, read once from the page (boot.tsx seeds it so). */
function pageRenderedAt(): number | null {
  if (renderedAt !== undefined) return renderedAt;
  const text =
    typeof document === "undefined" ? null : document.getElementById(PRERENDER_STATE_ID)?.textContent;
  const state = text ? (JSON.parse(text) as RenderedState) : null;
  renderedAt = state ? Math.max(...state.queries.map((query) => query.updatedAt)) : null;
  return renderedAt;
}

/**
 * A `refetchOnMount` that is `otherwise` except with the rendered page's own data. Every query of that data on the
 * page needs it: one observer fetching again would put the others in their fetching state too.
 */
export function unlessRendered(otherwise: boolean | "always") {
  return (query: { state: { dataUpdatedAt: number } }): boolean | "always" =>
    !left && query.state.dataUpdatedAt === pageRenderedAt() ? false : otherwise;
}

/** For the rendered page's component: once it unmounts, the listener has left the rendered page. */
export function useLeaveRenderedOnUnmount(): void {
  useEffect(
    () => () => {
      left = true;
    },
    [],
  );
}
