import { router } from "./core/init.ts";
import { accountRouter } from "./routers/account.ts";
import { activityRouter } from "./routers/activity.ts";
import { adminRouter } from "./routers/admin.ts";
import { authRouter } from "./routers/auth.ts";
import { billingRouter } from "./routers/billing.ts";
import { combinationsRouter } from "./routers/combinations.ts";
import { distributionRouter } from "./routers/distribution.ts";
import { explainRouter } from "./routers/explain.ts";
import { feedbackRouter } from "./routers/feedback.ts";
import { metadataRouter } from "./routers/metadata.ts";
import { playlistsRouter } from "./routers/playlists.ts";
import { settingsRouter } from "./routers/settings.ts";
import { systemRouter } from "./routers/system.ts";
import { userRouter } from "./routers/user.ts";

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  user: userRouter,
  distribution: distributionRouter,
  combinations: combinationsRouter,
  playlists: playlistsRouter,
  account: accountRouter,
  feedback: feedbackRouter,
  settings: settingsRouter,
  billing: billingRouter,
  admin: adminRouter,
  metadata: metadataRouter,
  explain: explainRouter,
  activity: activityRouter,
});

export type AppRouter = typeof appRouter;
