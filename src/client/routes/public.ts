import type { AppRoute } from "./types.ts";

export const publicRoutes: AppRoute[] = [];
