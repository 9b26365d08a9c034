import type { AppRoute } from "./types.ts";

export const accountRoutes: AppRoute[] = [];
