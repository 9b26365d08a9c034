import { router } from "./init.ts";
import { systemRouter } from "./routers/system.ts";

export const appRouter = router({
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
