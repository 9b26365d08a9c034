import type { AppRoute } from "./types.ts";

export const playlistsRoutes: AppRoute[] = [];
