// The server answers 404 for any path that is not one of the app's pages (shared/pages.ts): that list and the
// client's routes must name the same pages, or a new page would answer 404 (or an old one 200).
import { describe, expect, test } from "bun:test";
import { accountRoutes } from "../../../src/client/routes/account.ts";
import { adminRoutes } from "../../../src/client/routes/admin.ts";
import { plansRoutes } from "../../../src/client/routes/plans.ts";
import { playlistsRoutes } from "../../../src/client/routes/playlists.ts";
import { publicRoutes } from "../../../src/client/routes/public.ts";
import { isPagePath, pagePaths } from "../../../src/shared/pages/paths.ts";

describe("the pages the server knows", () => {
  test("are exactly the client's routes", () => {
    const routed = [
      ...publicRoutes,
      ...playlistsRoutes,
      ...plansRoutes,
      ...accountRoutes,
      ...adminRoutes,
    ].map((route) => route.path);
    expect([...pagePaths].sort()).toEqual([...new Set(routed)].sort());
  });

  test("match as the client's router does: any case, one trailing slash", () => {
    expect(isPagePath("/faq")).toBe(true);
    expect(isPagePath("/FAQ/")).toBe(true);
    expect(isPagePath("/playlists/mood")).toBe(true);
    expect(isPagePath("/")).toBe(true);
    expect(isPagePath("/playlists/subgenre")).toBe(false);
    expect(isPagePath("/faq//")).toBe(false);
    expect(isPagePath("//faq")).toBe(false);
    expect(isPagePath("/favicon.ico")).toBe(false);
    expect(isPagePath("/emulator/spotify")).toBe(false);
  });
});
