// Module preloads for the app's shell, derived from the build's chunk graph: the shell names every chunk the app
// and the signed-in home need, so the browser fetches them from the first bytes of the page instead of discovering
// them one import level at a time (over HTTP/1.1's six connections, each level is a round trip on a phone).

/** The part of Bun's build metafile read here. */
export interface BuildOutputs {
  [path: string]: { imports?: { path: string; kind: string }[]; entryPoint?: string };
}

/**
 * Which preloads a link belongs to: the app (every plain shell), the signed-in home's pages, or the ticks the
 * Playlists page answers before the app (that page rendered on the server, ADR 0033).
 */
export type PreloadSet = "app" | "home" | "ticks";

/** The source modules whose chunks each set preloads (the app's boot module; the Playlists area's pages; ticks). */
const SET_ENTRIES: Record<PreloadSet, string> = {
  app: "client/boot.tsx",
  home: "client/pages/playlists/area.ts",
  ticks: "client/early-ticks.ts",
};

const ATTRIBUTE = "data-preload";
const LINK = new RegExp(
  `<link rel="modulepreload" href="[^"]*" fetchpriority="low" ${ATTRIBUTE}="(app|home|ticks)">`,
  "g",
);

const chunkName = (path: string) => path.replace(/^\.?\//, "");

/** A chunk and every chunk it imports statically (what the browser needs before the module runs). */
function staticClosure(outputs: BuildOutputs, start: string): string[] {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const next = chunkName(queue.pop() ?? "");
    if (seen.has(next) || !next.endsWith(".js")) continue;
    seen.add(next);
    const output = outputs[`./${next}`] ?? outputs[next];
    for (const imported of output?.imports ?? []) {
      if (imported.kind !== "dynamic-import") queue.push(imported.path);
    }
  }
  return [...seen];
}

/** The preload links for the shell's head: the app's chunks, then each further set's chunks not among them. */
export function preloadLinks(outputs: BuildOutputs): string {
  const listed = new Set<string>();
  const links: string[] = [];
  for (const set of ["app", "home", "ticks"] as const) {
    const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint?.endsWith(SET_ENTRIES[set]));
    if (!entry) throw new Error(`The client bundle has no chunk for ${SET_ENTRIES[set]}`);
    for (const chunk of staticClosure(outputs, entry)) {
      if (listed.has(chunk)) continue;
      listed.add(chunk);
      // low: the entry script and the first data requests (higher) go before them on the six connections
      links.push(`<link rel="modulepreload" href="/${chunk}" fetchpriority="low" ${ATTRIBUTE}="${set}">`);
    }
  }
  return links.join("");
}

/** The page with only the preload links of `keep` (none: a page that loads the app later, or never). */
export function keepPreloads(page: string, keep: readonly PreloadSet[]): string {
  return page.replace(LINK, (link, set: PreloadSet) => (keep.includes(set) ? link : ""));
}

/** The paths where a signed-in listener lands on the Playlists area (`/` shows it too). */
export const opensHome = (path: string) =>
  path === "/" || path === "/playlists" || path.startsWith("/playlists/");
