export * from "./admin.ts";
export * from "./auth.ts";
export * from "./billing.ts";
export * from "./choices.ts";
export * from "./distribution.ts";
export * from "./library.ts";
export * from "./playlists.ts";
export * from "./web-vitals.ts";
