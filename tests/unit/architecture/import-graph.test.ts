import { describe, expect, test } from "bun:test";
import { findCycles } from "./import-graph.ts";
import {
  clientFolderEdges,
  distributionFolderOf,
  emulatorImportsOfServer,
  unitOf,
  upwardDistributionImports,
  upwardImports,
} from "./layers.ts";

describe("findCycles", () => {
  test("names the edges of a cycle, closed on its first node", () => {
    const edges = [
      { from: "a", to: "b" },
      { from: "b", to: "c" },
      { from: "c", to: "a" },
      { from: "c", to: "d" },
    ];
    expect(findCycles(edges)).toEqual([["a", "b", "c", "a"]]);
  });

  test("finds nothing in a graph without cycles, and ignores a file importing itself", () => {
    const edges = [
      { from: "a", to: "b" },
      { from: "a", to: "c" },
      { from: "b", to: "c" },
      { from: "c", to: "c" },
    ];
    expect(findCycles(edges)).toEqual([]);
  });

  test("reports each knot once", () => {
    const edges = [
      { from: "a", to: "b" },
      { from: "b", to: "a" },
      { from: "x", to: "y" },
      { from: "y", to: "x" },
    ];
    expect(findCycles(edges)).toHaveLength(2);
  });
});

describe("upwardImports", () => {
  test("names an import from a lower layer into a higher one, and lets the other direction pass", () => {
    const upward = { from: "server/platform/user-work.ts", to: "server/distribution/runs/run.ts" };
    const downward = { from: "server/distribution/runs/run.ts", to: "server/platform/user-work.ts" };
    expect(upwardImports([upward, downward])).toEqual([
      "server/platform -> server/distribution (platform may not import distribution: server/platform/user-work.ts -> server/distribution/runs/run.ts)",
    ]);
  });

  test("a folder's subfolders belong to it; shared and client are one unit each", () => {
    expect(unitOf("server/trpc/routers/auth.ts")).toBe("server/trpc");
    expect(unitOf("server/deps.ts")).toBe("server/deps.ts");
    expect(unitOf("shared/catalogue/genres.ts")).toBe("shared");
  });
});

describe("upwardDistributionImports", () => {
  test("names a lower folder of distribution importing a higher one, and lets the other direction pass", () => {
    const upward = { from: "server/distribution/plan/types.ts", to: "server/distribution/journal/apply.ts" };
    const downward = {
      from: "server/distribution/journal/apply.ts",
      to: "server/distribution/plan/types.ts",
    };
    const outside = { from: "server/distribution/plan/types.ts", to: "server/library/considered.ts" };
    expect(upwardDistributionImports([upward, downward, outside])).toEqual([
      "distribution/plan may not import distribution/journal: server/distribution/plan/types.ts -> server/distribution/journal/apply.ts",
    ]);
  });

  test("the distribution's own files are its folder '.', nested folders keep their path", () => {
    expect(distributionFolderOf("server/distribution/service.ts")).toBe(".");
    expect(distributionFolderOf("server/distribution/combinations/requests/service.ts")).toBe(
      "combinations/requests",
    );
    expect(distributionFolderOf("server/library/sync.ts")).toBeNull();
  });
});

describe("emulatorImportsOfServer", () => {
  test("names an emulator's import of server code, and lets its imports of shared/ and its own files pass", () => {
    const edges = [
      { from: "emulators/spotify/server.ts", to: "server/config.ts" },
      { from: "emulators/spotify/server.ts", to: "shared/demo-credentials.ts" },
      { from: "emulators/index.ts", to: "emulators/spotify/index.ts" },
      { from: "server/server.ts", to: "emulators/index.ts" },
    ];
    expect(emulatorImportsOfServer(edges)).toEqual(["emulators/spotify/server.ts -> server/config.ts"]);
  });

  test("the layer table puts the emulators below every server unit", () => {
    const edges = [{ from: "emulators/paddle/checkout.ts", to: "server/paddle/money.ts" }];
    expect(upwardImports(edges)).toHaveLength(1);
  });
});

describe("clientFolderEdges", () => {
  test("a page folder and its subfolder importing each other are a cycle", () => {
    const edges = [
      {
        from: "client/pages/playlists/CombinationsPage.tsx",
        to: "client/pages/playlists/combinations/Tab.tsx",
      },
      { from: "client/pages/playlists/combinations/Success.tsx", to: "client/pages/playlists/Summary.tsx" },
      { from: "client/pages/playlists/combinations/Tab.tsx", to: "client/components/Layout.tsx" },
    ];
    expect(findCycles(clientFolderEdges(edges))).toEqual([
      ["client/pages/playlists", "client/pages/playlists/combinations", "client/pages/playlists"],
    ]);
  });
});
