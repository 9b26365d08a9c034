import { Hono } from "hono";
import type { Deps } from "../deps/deps.ts";
import { getMembershipLevel } from "../user/membership.ts";
import { reading, requireUser } from "./validate.ts";

export function userRest(deps: Deps) {
  return new Hono()
    .get(
      "/user/membership-level",
      reading(deps, (c) => getMembershipLevel(deps.db, requireUser(c, deps).userId)),
    )
    .get(
      "/user/id",
      reading(deps, (c) => ({ userId: requireUser(c, deps).userId })),
    );
}
