import { Hono } from "hono";
import type { Deps } from "../deps/deps.ts";
import { checkHealth } from "../system/health.ts";

export function systemRest(deps: Deps) {
  return new Hono().get("/health", (c) => c.json(checkHealth(deps)));
}
