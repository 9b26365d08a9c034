import { describe, expect, test } from "bun:test";
import { type Edge, fileEdges, findCycles } from "./import-graph.ts";

/**
 * The layers of src/, lowest first. A unit may import its own layer's units (without a cycle) and every lower
 * layer; never a higher one. A unit is a folder directly under src/server or src/emulators (its subfolders
 * included), a file directly under them, or the whole of src/shared and src/client.
 */
export const layers: { name: string; units: string[] }[] = [
  { name: "shared", units: ["shared"] },
  { name: "database", units: ["server/db"] },
  { name: "platform", units: ["server/platform"] },
  { name: "configuration", units: ["server/config.ts"] },
  { name: "providers", units: ["server/metrics", "server/spotify", "server/paddle"] },
  { name: "emulators", units: ["emulators/*"] },
  { name: "dependencies", units: ["server/deps.ts"] },
  { name: "accounts", units: ["server/user", "server/system", "server/feedback"] },
  { name: "sign-in", units: ["server/auth"] },
  { name: "metadata", units: ["server/metadata"] },
  { name: "library", units: ["server/library"] },
  { name: "distribution", units: ["server/distribution"] },
  { name: "distribution's users", units: ["server/analysis", "server/combinations", "server/settings"] },
  {
    name: "views and lifecycle",
    units: ["server/playlists", "server/account", "server/billing", "server/admin"],
  },
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

function layerOf(unit: string): number {
  return layers.findIndex((layer) =>
    layer.units.some((pattern) =>
      pattern.endsWith("/*") ? unit.startsWith(pattern.slice(0, -1)) : pattern === unit,
    ),
  );
}

const edges = fileEdges();
const unitEdges: Edge[] = edges
  .map((edge) => ({ from: unitOf(edge.from), to: unitOf(edge.to) }))
  .filter((edge) => edge.from !== edge.to);
const show = (edge: Edge) => `${edge.from} -> ${edge.to}`;
const examples = (from: string, to: string) =>
  edges
    .filter((edge) => unitOf(edge.from) === from && unitOf(edge.to) === to)
    .map(show)
    .slice(0, 3)
    .join(", ");

describe("imports of src/", () => {
  test("finds the imports it checks", () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: "server/server.ts", to: "server/app.ts", typeOnly: false });
    expect(edges).toContainEqual({ from: "server/server.ts", to: "server/deps.ts", typeOnly: true });
  });

  test("every unit has a declared layer", () => {
    const units = new Set(unitEdges.flatMap((edge) => [edge.from, edge.to]));
    expect([...units].filter((unit) => layerOf(unit) < 0)).toEqual([]);
  });

  test("no import goes up a layer", () => {
    const upward = [
      ...new Set(
        unitEdges
          .filter((edge) => layerOf(edge.to) > layerOf(edge.from))
          .map(
            (edge) =>
              `${show(edge)} (${layers[layerOf(edge.from)]?.name} may not import ${layers[layerOf(edge.to)]?.name}: ${examples(edge.from, edge.to)})`,
          ),
      ),
    ];
    expect(upward).toEqual([]);
  });

  test("no cycle between folders", () => {
    expect(findCycles(unitEdges).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  // Between files only imports that stay at run time count: a type-only import never decides which module
  // loads first. Between folders every import counts, types included.
  test("no cycle between files", () => {
    const runtimeEdges = edges.filter((edge) => !edge.typeOnly);
    expect(findCycles(runtimeEdges).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });
});
