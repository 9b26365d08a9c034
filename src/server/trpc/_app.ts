import { router } from "./init.ts";
import { authRouter } from "./routers/auth.ts";
import { systemRouter } from "./routers/system.ts";
import { userRouter } from "./routers/user.ts";

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;
