import { lazyPage } from "../lib/lazyPage.ts";
import type { AppRoute } from "../lib/route-types.ts";

const PlaylistsPage = lazyPage(
  () => import("../pages/playlists/area.ts"),
  (m) => m.PlaylistsPage,
);

/** The Playlists area (spec §2 route table); App.tsx also shows "/playlists" on "/" when signed in. */
export const playlistsRoutes: AppRoute[] = [
  {
    path: "/playlists",
    component: PlaylistsPage,
    title: "Playlists",
    description: "Choose which playlists Crate makes from your liked songs on Spotify and keeps up to date.",
  },
  {
    path: "/playlists/combinations",
    component: lazyPage(
      () => import("../pages/playlists/area.ts"),
      (m) => m.CombinationsPage,
    ),
    title: "Combination playlists",
    description: "Combine genres, decades, moods and nationalities into playlists of your own.",
  },
  {
    path: "/playlists/songs",
    component: lazyPage(
      () => import("../pages/playlists/songs/PlaylistSongsPage.tsx"),
      (m) => m.PlaylistSongsPage,
    ),
    title: "Why these songs",
    description: "Each song of a playlist with the rule and the fact that placed it.",
  },
  {
    path: "/playlists/distribution-success",
    component: lazyPage(
      () => import("../pages/playlists/area.ts"),
      (m) => m.DistributionSuccessPage,
    ),
    title: "Playlists updated",
    description: "Your playlists are being created in Spotify.",
  },
  {
    path: "/playlists/combinations/success",
    component: lazyPage(
      () => import("../pages/playlists/area.ts"),
      (m) => m.CombinationsSuccessPage,
    ),
    title: "Combination playlists created",
    description: "Your combination playlists are being created in Spotify.",
  },
];
