import { Hono } from "hono";
import type { Deps } from "../deps.ts";
import { authRest } from "./auth.ts";
import { systemRest } from "./system.ts";
import { userRest } from "./user.ts";

/** Every REST shim, mounted under /api. One file per domain; add one line per domain here. */
export function restRoutes(deps: Deps) {
  return new Hono().route("/", systemRest(deps)).route("/", userRest(deps)).route("/", authRest(deps));
}
