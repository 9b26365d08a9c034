import { lazyPage } from "../lib/lazyPage.ts";
import type { AppRoute } from "../lib/route-types.ts";

// Lazily loaded: the admin pages and the chart library arrive only when an admin opens them.
export const adminRoutes: AppRoute[] = [
  {
    path: "/admin",
    component: lazyPage(
      () => import("../pages/admin/AdminDashboardPage.tsx"),
      (m) => m.AdminDashboardPage,
    ),
    title: "Admin",
    description: "Statistics, memberships, batch jobs and user statistics.",
  },
  {
    path: "/admin/users",
    component: lazyPage(
      () => import("../pages/admin/AdminUserPage.tsx"),
      (m) => m.AdminUserPage,
    ),
    title: "Admin user detail",
    description: "One user's playlists, preferences, payments, membership and activity.",
  },
];
