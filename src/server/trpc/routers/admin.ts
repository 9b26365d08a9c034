import {
  AdminChartsInputSchema,
  MembershipChangeInputSchema,
  PremiumMembersQuerySchema,
  UserIdInputSchema,
  UserLookupSchema,
} from "../../../shared/schemas/admin.ts";
import { getAdminCharts } from "../../admin/charts.ts";
import { changeMembershipByAdmin, listPremiumMembers } from "../../admin/memberships.ts";
import { getAdminStatistics } from "../../admin/statistics.ts";
import { getAdminUserDetail } from "../../admin/user-detail.ts";
import { disableUserStatistics, enableUserStatistics } from "../../admin/user-statistics.ts";
import { startBatchJob } from "../../distribution/batch/batch-jobs.ts";
import { weeklyWebVitals } from "../../web-vitals/service.ts";
import { adminProcedure, router } from "../core/init.ts";

/** The admin area; every procedure answers 401/403 (errorCode 6) to anyone who is not an admin. */
export const adminRouter = router({
  statistics: adminProcedure.query(({ ctx }) => getAdminStatistics(ctx.deps)),
  charts: adminProcedure
    .input(AdminChartsInputSchema)
    .query(({ ctx, input }) => getAdminCharts(ctx.deps, input.range)),
  webVitals: adminProcedure.query(({ ctx }) => weeklyWebVitals(ctx.deps)),
  startBatch: adminProcedure.mutation(({ ctx }) => startBatchJob(ctx.deps)),
  enableStatistics: adminProcedure
    .input(UserIdInputSchema)
    .mutation(({ ctx, input }) => enableUserStatistics(ctx.deps, input.userId)),
  disableStatistics: adminProcedure
    .input(UserIdInputSchema)
    .mutation(({ ctx, input }) => disableUserStatistics(ctx.deps, input.userId)),
  premiumMembers: adminProcedure
    .input(PremiumMembersQuerySchema)
    .query(({ ctx, input }) => listPremiumMembers(ctx.deps, input.offset)),
  userDetail: adminProcedure
    .input(UserLookupSchema)
    .query(({ ctx, input }) => getAdminUserDetail(ctx.deps, input)),
  setMembership: adminProcedure
    .input(MembershipChangeInputSchema)
    .mutation(({ ctx, input }) => changeMembershipByAdmin(ctx.deps, input.userId, input.membershipLevel)),
});
