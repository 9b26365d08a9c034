// The declared layer order of src/ and the imports that go against it.
import { type Edge, folderOf } from "./import-graph.ts";

/**
 * The layers of src/, lowest first. A unit may import its own layer's units (without a cycle) and every lower
 * layer; never a higher one. A unit is a folder directly under src/server or src/emulators (its subfolders
 * included), a file directly under them, or the whole of src/shared and src/client.
 */
export const layers: { name: string; units: string[] }[] = [
  { name: "shared", units: ["shared"] },
  // The emulators stand for the providers: only shared/ and their own files, never Crate's server code.
  { name: "emulators", units: ["emulators/*"] },
  { name: "database", units: ["server/db"] },
  { name: "platform", units: ["server/platform"] },
  { name: "configuration", units: ["server/config"] },
  { name: "providers", units: ["server/metrics", "server/spotify", "server/paddle"] },
  { name: "dependencies", units: ["server/deps"] },
  { name: "accounts", units: ["server/user", "server/system", "server/feedback", "server/web-vitals"] },
  { name: "sign-in", units: ["server/auth"] },
  { name: "metadata", units: ["server/metadata"] },
  { name: "library", units: ["server/library"] },
  // what changed in each playlist: recorded by the distribution and the listener's choices, read by the views
  { name: "activity", units: ["server/activity"] },
  { name: "distribution", units: ["server/distribution"] },
  { name: "distribution's users", units: ["server/analysis", "server/settings"] },
  {
    name: "views and lifecycle",
    units: ["server/playlists", "server/account", "server/billing", "server/admin"],
  },
  // `crate doctor`: checks the configuration against the providers (the emulators in demo mode) and the disk
  { name: "operations", units: ["server/doctor"] },
  {
    name: "transports",
    units: ["server/trpc", "server/rest", "server/http", "server/static", "server/jobs", "server/app.ts"],
  },
  { name: "composition", units: ["server/server.ts", "server/main.ts"] },
  { name: "client", units: ["client"] },
];

/** The unit a file of src/ belongs to. */
export function unitOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] === "shared" || parts[0] === "client") return parts[0];
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : path;
}

export function layerOf(unit: string): number {
  return layers.findIndex((layer) =>
    layer.units.some((pattern) =>
      pattern.endsWith("/*") ? unit.startsWith(pattern.slice(0, -1)) : pattern === unit,
    ),
  );
}

/** One line per pair of units with an import that goes up a layer, naming up to three of its file imports. */
export function upwardImports(edges: Edge[]): string[] {
  const lines = new Map<string, string[]>();
  for (const edge of edges) {
    const from = unitOf(edge.from);
    const to = unitOf(edge.to);
    if (from === to || layerOf(to) <= layerOf(from)) continue;
    const key = `${from} -> ${to} (${layers[layerOf(from)]?.name} may not import ${layers[layerOf(to)]?.name}`;
    lines.set(key, [...(lines.get(key) ?? []), `${edge.from} -> ${edge.to}`]);
  }
  return [...lines].map(([key, files]) => `${key}: ${files.slice(0, 3).join(", ")})`);
}

/**
 * The folders of server/distribution by responsibility, lowest first ("." is the folder itself: the distribution's
 * calls). A file may import its own folder and lower ones: the pure plan knows no journal, the journal no run, a
 * run no batch job and no call; combination playlists' planning sits below the runs, their calls above them.
 */
export const distributionFolders: string[][] = [
  ["repository"],
  ["plan"],
  ["combinations"],
  ["journal"],
  ["runs"],
  ["batch", "combinations/requests"],
  ["."],
];

const distributionRoot = "server/distribution/";

/** The folder of a file of server/distribution relative to it ("." for its own files), or null outside it. */
export function distributionFolderOf(path: string): string | null {
  if (!path.startsWith(distributionRoot)) return null;
  return folderOf(path.slice(distributionRoot.length));
}

export const distributionLayerOf = (folder: string) =>
  distributionFolders.findIndex((layer) => layer.includes(folder));

/** One line per import inside server/distribution from a folder into a higher one. */
export function upwardDistributionImports(edges: Edge[]): string[] {
  return edges.flatMap((edge) => {
    const from = distributionFolderOf(edge.from);
    const to = distributionFolderOf(edge.to);
    if (from === null || to === null || distributionLayerOf(to) <= distributionLayerOf(from)) return [];
    return [`distribution/${from} may not import distribution/${to}: ${edge.from} -> ${edge.to}`];
  });
}

/** Imports from src/emulators into src/server: the emulators implement the providers' public APIs on their own. */
export function emulatorImportsOfServer(edges: Edge[]): string[] {
  return edges
    .filter((edge) => edge.from.startsWith("emulators/") && edge.to.startsWith("server/"))
    .map((edge) => `${edge.from} -> ${edge.to}`);
}

/**
 * The imports between folders of src/client, each folder a unit of its own (a subfolder apart from its parent),
 * so a page folder and its subfolder importing each other show as a cycle.
 */
export function clientFolderEdges(edges: Edge[]): Edge[] {
  return edges
    .filter((edge) => edge.from.startsWith("client/") && edge.to.startsWith("client/"))
    .map((edge) => ({ from: folderOf(edge.from), to: folderOf(edge.to) }))
    .filter((edge) => edge.from !== edge.to);
}
