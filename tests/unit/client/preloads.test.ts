import { describe, expect, test } from "bun:test";
import { buildClientFiles } from "../../../src/server/static/client-bundle.ts";
import { keepPreloads, opensHome, preloadLinks } from "../../../src/server/static/preloads.ts";

// The shell names the chunks the app and the Playlists area need, from the build's chunk graph, so a phone fetches
// them from the page's first bytes; pages that load the app later (or never) name none.

const graph = {
  "./chunk-main.js": {
    entryPoint: "src/client/index.html",
    imports: [
      { path: "./chunk-boot.js", kind: "dynamic-import" },
      { path: "./chunk-ticks.js", kind: "dynamic-import" },
    ],
  },
  "./chunk-ticks.js": { entryPoint: "src/client/early-ticks.ts", imports: [] },
  "./chunk-boot.js": {
    entryPoint: "src/client/boot.tsx",
    imports: [
      { path: "./chunk-react.js", kind: "import-statement" },
      { path: "./chunk-area.js", kind: "dynamic-import" },
    ],
  },
  "./chunk-react.js": { imports: [] },
  "./chunk-area.js": {
    entryPoint: "src/client/pages/playlists/area.ts",
    imports: [
      { path: "./chunk-react.js", kind: "import-statement" },
      { path: "./chunk-ui.js", kind: "import-statement" },
      { path: "./chunk-admin.js", kind: "dynamic-import" },
    ],
  },
  "./chunk-ui.js": { imports: [{ path: "./chunk-icons.js", kind: "import-statement" }] },
  "./chunk-icons.js": { imports: [] },
  "./chunk-admin.js": { entryPoint: "src/client/pages/admin/AdminDashboardPage.tsx", imports: [] },
};

const hrefs = (html: string) => [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);

describe("module preloads", () => {
  test("the app's chunks and the Playlists area's, each once, with what they import but not what they load later", () => {
    const links = preloadLinks(graph);
    expect(hrefs(keepPreloads(links, ["app"])).sort()).toEqual(["/chunk-boot.js", "/chunk-react.js"]);
    expect(hrefs(keepPreloads(links, ["app", "home"])).sort()).toEqual([
      "/chunk-area.js",
      "/chunk-boot.js",
      "/chunk-icons.js",
      "/chunk-react.js",
      "/chunk-ui.js",
    ]);
    expect(keepPreloads(links, [])).toBe("");
    // the signed-in Playlists page rendered on the server names only its early ticks' chunk
    expect(hrefs(keepPreloads(links, ["ticks"]))).toEqual(["/chunk-ticks.js"]);
  });

  test("a build without the app's module is refused rather than served without preloads", () => {
    expect(() => preloadLinks({ "./chunk-main.js": { imports: [] } })).toThrow();
  });

  test("the Playlists area's paths", () => {
    expect(["/", "/playlists", "/playlists/combinations"].every(opensHome)).toBe(true);
    expect(["/settings", "/playlistsx", "/plans"].some(opensHome)).toBe(false);
  });

  test("the built page names existing chunks only", async () => {
    const files = await buildClientFiles();
    const page = new TextDecoder().decode(files.find((file) => file.name.endsWith(".html"))?.body);
    const names = new Set(files.map((file) => `/${file.name}`));
    const home = hrefs(keepPreloads(page, ["app", "home"]));
    expect(home.length).toBeGreaterThan(hrefs(keepPreloads(page, ["app"])).length);
    expect(home.every((href) => names.has(href ?? ""))).toBe(true);
    const ticks = hrefs(keepPreloads(page, ["ticks"]));
    expect(ticks).toHaveLength(1);
    expect(names.has(ticks[0] ?? "")).toBe(true);
  }, 60_000);
});
