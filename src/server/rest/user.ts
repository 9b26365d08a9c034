import { Hono } from "hono";
import { spotifyAccessAnswer } from "../auth/spotify-access.ts";
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
    )
    .get(
      "/user/spotify-access",
      reading(deps, (c) => spotifyAccessAnswer(deps, requireUser(c, deps).userId)),
    );
}
