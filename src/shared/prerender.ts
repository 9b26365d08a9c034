// What the server and the page renderer (src/client/prerender) say to each other.

/** The id of the element holding the query data a server-rendered page was rendered with. */
export const PRERENDER_STATE_ID = "crate-state";

/** The signed-in listener's page the server renders too: the Playlists page (ADR 0033). */
export const LISTENER_PAGE_PATH = "/playlists";

/** The queries that page shows at once, rendered with their answers for that listener. */
export const LISTENER_PAGE_QUERIES = [
  "user.me",
  "user.spotifyAccess",
  "distribution.listenerPreferences",
  "playlists.overview",
  "metadata.coverage",
] as const;

/** Query data to render with, by tRPC procedure path ("user.me", "billing.pricing"). */
export type PrerenderSeed = Record<string, unknown>;

export interface PrerenderRequest {
  id: number;
  path: string;
  seed: PrerenderSeed;
}

export interface RenderedPage {
  /** the markup inside the root element */
  html: string;
  /** style elements for the head, in the form Emotion's browser cache takes over */
  styles: string;
  /** the query data the page was rendered with (`RenderedState`), as JSON */
  state: string;
  /** the document title and meta description */
  title: string;
  description: string;
}

/** `page` is null for a path that is not rendered on the server (it is not a public page). */
export type PrerenderResponse = { id: number; page: RenderedPage | null } | { id: number; error: string };

/** The query data a page was rendered with, as the page carries it. */
export interface RenderedState {
  queries: { queryKey: unknown[]; data: unknown; updatedAt: number }[];
}
