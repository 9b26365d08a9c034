import type { AppRoute } from "./types.ts";

export const plansRoutes: AppRoute[] = [];
