// The app's pages by path (spec §2 route table), so the server can answer any other path 404 with the not-found
// page. The client's routes (src/client/routes/) register exactly these; tests/unit/client/page-paths.test.ts
// fails when the two differ, so a page added there needs its line here.
import { catalogueGroups, combinationPage } from "../catalogue/groups.ts";

const cataloguePaths = [
  ...catalogueGroups.filter((group) => group.hasPage).map((group) => `/playlists/${group.slug}`),
  `/playlists/${combinationPage.slug}`,
];

export const pagePaths: ReadonlySet<string> = new Set([
  "/",
  "/login",
  "/no-capacity",
  "/faq",
  "/policies",
  "/policies/terms",
  "/policies/privacy-policy",
  "/policies/refund-policy",
  "/policies/cancellation-policy",
  "/policies/licenses",
  ...cataloguePaths,
  "/playlists",
  "/playlists/combinations",
  "/playlists/songs",
  "/playlists/distribution-success",
  "/playlists/combinations/success",
  "/plans",
  "/plans/login",
  "/plans/success",
  "/plans/payment-details-updated/success",
  "/settings",
  "/settings/my-data",
  "/settings/data-deleted",
  "/feedback",
  "/feedback/success",
  "/feedback/policy",
  "/admin",
  "/admin/users",
]);

/** Whether the app shows a page at `path` (as its router matches: any case, with or without one trailing slash). */
export function isPagePath(path: string): boolean {
  return pagePaths.has(path.length > 1 ? path.toLowerCase().replace(/\/$/, "") : path);
}
