import { describe, expect, test } from "bun:test";
import { type Edge, fileEdges, findCycles, folderOf } from "./import-graph.ts";
import {
  clientFolderEdges,
  distributionFolderOf,
  distributionLayerOf,
  emulatorImportsOfServer,
  layerOf,
  unitOf,
  upwardDistributionImports,
  upwardImports,
} from "./layers.ts";

const edges = fileEdges();
const unitEdges: Edge[] = edges
  .map((edge) => ({ from: unitOf(edge.from), to: unitOf(edge.to) }))
  .filter((edge) => edge.from !== edge.to);

describe("imports of src/", () => {
  test("finds the imports it checks", () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: "server/server.ts", to: "server/app.ts", typeOnly: false });
    expect(edges).toContainEqual({ from: "server/server.ts", to: "server/deps/deps.ts", typeOnly: true });
  });

  test("every unit has a declared layer", () => {
    const units = new Set(unitEdges.flatMap((edge) => [edge.from, edge.to]));
    expect([...units].filter((unit) => layerOf(unit) < 0)).toEqual([]);
  });

  test("no import goes up a layer", () => {
    expect(upwardImports(edges)).toEqual([]);
  });

  test("no cycle between folders", () => {
    expect(findCycles(unitEdges).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  test("the emulators import nothing from the server", () => {
    expect(emulatorImportsOfServer(edges)).toEqual([]);
  });

  // The client is one layer, so its folders are checked apart: every folder of src/client at any depth
  // (pages/playlists and pages/playlists/combinations are two) imports no folder that imports it back.
  test("no cycle between client folders", () => {
    expect(findCycles(clientFolderEdges(edges)).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  // Drawn one node per folder at any depth (a folder's own files are the folder, its subfolders are nodes of their
  // own), src/ has no circle either: no subfolder imports its parent's files while the parent imports it.
  test("no cycle between folders at any depth", () => {
    const folderEdges = edges
      .map((edge) => ({ from: folderOf(edge.from), to: folderOf(edge.to) }))
      .filter((edge) => edge.from !== edge.to);
    expect(findCycles(folderEdges).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  test("every folder of server/distribution has a declared place in its order", () => {
    const folders = new Set(edges.flatMap((edge) => [edge.from, edge.to].map(distributionFolderOf)));
    folders.delete(null);
    expect(folders.size).toBeGreaterThan(5);
    expect([...folders].filter((folder) => distributionLayerOf(folder as string) < 0)).toEqual([]);
  });

  test("inside server/distribution no import goes up its order of folders", () => {
    expect(upwardDistributionImports(edges)).toEqual([]);
  });

  // Between files every import counts too, types included: the drawn graph of src/ has no circle anywhere.
  test("no cycle between files", () => {
    expect(findCycles(edges).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });
});
