import { Hono } from "hono";
import type { Deps } from "../deps.ts";
import { systemRest } from "./system.ts";

/** Every REST shim, mounted under /api. One file per domain. */
export function restRoutes(deps: Deps) {
  return new Hono().route("/", systemRest(deps));
}
