// The app's first data, asked for by the entry script while the app's chunks are still arriving: who is signed in,
// and on the Playlists page that listener's preferences and playlists (asked as soon as the session is known). When
// the app then asks for the same queries, its tRPC link takes these answers (each once) instead of asking again, so
// the page's data no longer waits for the page to render. Kept tiny: it is part of the shell's first script.

/** One query's item of a tRPC batch answer. */
type BatchItem = { result?: unknown; error?: unknown };

const TRPC = "/api/trpc/";
/** Paths whose page is the Playlists page (`/` is it for a signed-in listener). */
const PLAYLISTS_PAGE = new Set(["/", "/playlists"]);
const PAGE_QUERIES = ["distribution.listenerPreferences", "playlists.overview"];
/** The input of queries that take none, as the tRPC link sends it. */
const NO_INPUT = "{}";

const early = new Map<string, Promise<BatchItem | undefined>>();

/** One batched GET of queries without input: each query's item, or undefined when the answer was not one. */
function ask(paths: string[]): Promise<BatchItem | undefined>[] {
  const answer = fetch(`${TRPC}${paths.join(",")}?batch=1&input=${encodeURIComponent(NO_INPUT)}`, {
    credentials: "same-origin",
  })
    .then((response) => response.json())
    .then((body: unknown) => (Array.isArray(body) && body.length === paths.length ? body : []))
    .catch(() => []);
  return paths.map((_, i) => answer.then((items: BatchItem[]) => items[i]));
}

/** Starts the early requests for the page at `path`. */
export function askEarly(path: string): void {
  if (early.size > 0) return;
  const [me] = ask(["user.me"]);
  if (!me) return;
  early.set("user.me", me);
  if (!PLAYLISTS_PAGE.has(path)) return;
  // only for a signed-in listener (anyone else would be refused)
  const page = me.then((item) =>
    item?.result && (item.result as { data?: unknown }).data ? ask(PAGE_QUERIES) : [],
  );
  PAGE_QUERIES.forEach((query, i) => {
    early.set(
      query,
      page.then((items) => items[i]),
    );
  });
}

/**
 * The answer to a tRPC GET from the early requests, when every query it asks for was asked early and answered
 * without error (each taken once); else undefined, and the caller asks the server.
 */
export async function answeredEarly(url: string): Promise<Response | undefined> {
  if (early.size === 0) return undefined;
  const { pathname, searchParams } = new URL(url, window.location.origin);
  if (!pathname.startsWith(TRPC) || searchParams.get("input") !== NO_INPUT) return undefined;
  const paths = pathname.slice(TRPC.length).split(",");
  const pending = paths.map((path) => early.get(path));
  if (pending.some((item) => item === undefined)) return undefined;
  for (const path of paths) early.delete(path);
  const items = await Promise.all(pending);
  if (!items.every((item) => item?.result !== undefined)) return undefined;
  return new Response(JSON.stringify(items), { headers: { "content-type": "application/json" } });
}
