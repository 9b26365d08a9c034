import { Hono } from "hono";
import type { Deps } from "../deps/deps.ts";
import { accountRest } from "./account.ts";
import { activityRest } from "./activity.ts";
import { adminRest } from "./admin.ts";
import { authRest } from "./auth.ts";
import { billingRest } from "./billing.ts";
import { combinationsRest } from "./combinations.ts";
import { distributionRest } from "./distribution.ts";
import { explainRest } from "./explain.ts";
import { feedbackRest } from "./feedback.ts";
import { playlistsRest } from "./playlists.ts";
import { settingsRest } from "./settings.ts";
import { systemRest } from "./system.ts";
import { userRest } from "./user.ts";
import { webVitalsRest } from "./web-vitals.ts";

/** Every REST shim, mounted under /api. One file per domain; add one line per domain here. */
export function restRoutes(deps: Deps) {
  return new Hono()
    .route("/", systemRest(deps))
    .route("/", userRest(deps))
    .route("/", authRest(deps))
    .route("/", accountRest(deps))
    .route("/", feedbackRest(deps))
    .route("/", settingsRest(deps))
    .route("/", billingRest(deps))
    .route("/", distributionRest(deps))
    .route("/", combinationsRest(deps))
    .route("/", playlistsRest(deps))
    .route("/", explainRest(deps))
    .route("/", activityRest(deps))
    .route("/", adminRest(deps))
    .route("/", webVitalsRest(deps));
}
