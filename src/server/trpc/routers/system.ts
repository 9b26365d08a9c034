import { checkHealth } from "../../system/health.ts";
import { publicProcedure, router } from "../core/init.ts";

export const systemRouter = router({
  health: publicProcedure.query(({ ctx }) => checkHealth(ctx.deps)),
});
