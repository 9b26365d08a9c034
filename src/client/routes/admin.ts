import type { AppRoute } from "./types.ts";

export const adminRoutes: AppRoute[] = [];
