import { Hono } from "hono";
import { z } from "zod";
import {
  AdminChartsInputSchema,
  MembershipChangeInputSchema,
  PremiumMembersQuerySchema,
  SpotifyIdInputSchema,
  UserIdInputSchema,
} from "../../shared/schemas/admin.ts";
import { getAdminCharts } from "../admin/charts.ts";
import { changeMembershipByAdmin, listPremiumMembers } from "../admin/memberships.ts";
import { getAdminStatistics } from "../admin/statistics.ts";
import { getAdminUserDetail } from "../admin/user-detail.ts";
import { disableUserStatistics, enableUserStatistics } from "../admin/user-statistics.ts";
import type { Deps } from "../deps/deps.ts";
import { startBatchJob } from "../distribution/batch/batch-jobs.ts";
import { jsonBody, parseWith, reading, requireAdmin } from "./validate.ts";

const AnyBody = z.record(z.string(), z.unknown());

/** The documented /api/admin paths; each checks the admin first (401/403, errorCode 6), then its input. */
export function adminRest(deps: Deps) {
  return new Hono()
    .get(
      "/admin/statistics",
      reading(deps, (c) => {
        requireAdmin(c, deps);
        return getAdminStatistics(deps);
      }),
    )
    .get(
      "/admin/statistics/charts",
      reading(deps, (c) => {
        requireAdmin(c, deps);
        const { range } = parseWith(AdminChartsInputSchema, { range: c.req.query("range") });
        return getAdminCharts(deps, range);
      }),
    )
    .post("/admin/batch/start", (c) => {
      requireAdmin(c, deps);
      return c.json(startBatchJob(deps));
    })
    .post("/admin/statistics/user/:id/enable", (c) => {
      requireAdmin(c, deps);
      const { userId } = parseWith(UserIdInputSchema, { userId: c.req.param("id") });
      return c.json(enableUserStatistics(deps, userId));
    })
    .post("/admin/statistics/user/:id/disable", (c) => {
      requireAdmin(c, deps);
      const { userId } = parseWith(UserIdInputSchema, { userId: c.req.param("id") });
      return c.json(disableUserStatistics(deps, userId));
    })
    .get(
      "/admin/user/premium",
      reading(deps, (c) => {
        requireAdmin(c, deps);
        const { offset } = parseWith(PremiumMembersQuerySchema, { offset: c.req.query("offset") });
        return listPremiumMembers(deps, offset);
      }),
    )
    .get(
      "/admin/user/user-id/:id",
      reading(deps, (c) => {
        requireAdmin(c, deps);
        return getAdminUserDetail(deps, parseWith(UserIdInputSchema, { userId: c.req.param("id") }));
      }),
    )
    .get(
      "/admin/user/spotify-id/:id",
      reading(deps, (c) => {
        requireAdmin(c, deps);
        const lookup = parseWith(SpotifyIdInputSchema, { spotifyId: c.req.param("id") });
        return getAdminUserDetail(deps, lookup);
      }),
    )
    .post("/admin/user/user-id/:id/membership", async (c) => {
      requireAdmin(c, deps);
      const body = await jsonBody(c, AnyBody);
      const input = parseWith(MembershipChangeInputSchema, { ...body, userId: c.req.param("id") });
      return c.json(await changeMembershipByAdmin(deps, input.userId, input.membershipLevel));
    });
}
