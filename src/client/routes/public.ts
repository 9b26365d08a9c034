import { lazyPage } from "../lib/lazyPage.ts";
import { cataloguePages } from "../pages/public/catalogueSlugs.ts";
import type { AppRoute } from "./types.ts";

const CataloguePage = lazyPage(
  () => import("../pages/public/CataloguePage.tsx"),
  (m) => m.CataloguePage,
);

/** `/` for logged-out visitors (App.tsx picks the playlists screen for signed-in ones). */
export const landingRoute: AppRoute = {
  path: "/",
  component: lazyPage(
    () => import("../pages/public/LandingPage.tsx"),
    (m) => m.LandingPage,
  ),
  title: "Playlists from your liked songs",
  description:
    "Crate turns your liked songs on Spotify into playlists by mood, genre, decade, nationality and more, and keeps them up to date.",
};

export const notFoundRoute: AppRoute = {
  path: "*",
  component: lazyPage(
    () => import("../pages/public/NotFoundPage.tsx"),
    (m) => m.NotFoundPage,
  ),
  title: "Page not found",
  description: "The page you are looking for does not exist.",
};

export const publicRoutes: AppRoute[] = [
  landingRoute,
  {
    path: "/login",
    component: lazyPage(
      () => import("../pages/public/LoginPage.tsx"),
      (m) => m.LoginPage,
    ),
    title: "Sign in",
    description: "Sign in with your Spotify account to get started with Crate.",
  },
  {
    path: "/no-capacity",
    component: lazyPage(
      () => import("../pages/public/NoCapacityPage.tsx"),
      (m) => m.NoCapacityPage,
    ),
    title: "Come back later",
    description: "Crate lets a certain number of new listeners join every day.",
  },
  // Each catalogue slug is registered on its own so /playlists/combinations etc. stay with the playlists area.
  ...cataloguePages.map((page) => ({
    path: `/playlists/${page.slug}`,
    component: CataloguePage,
    title: `${page.title} playlists`,
    description: page.description,
  })),
];
