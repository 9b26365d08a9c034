import { Hono } from "hono";
import { rateRules } from "../../shared/rate-rules.ts";
import { DeleteDataSchema } from "../../shared/schemas/account.ts";
import { deleteAccount } from "../account/delete.ts";
import { downloadPersonalData } from "../account/personal-data.ts";
import { clearSessionCookie } from "../auth/cookies.ts";
import type { Deps } from "../deps/deps.ts";
import { jsonBody, requireUser } from "./validate.ts";

/** /api/user/personal-data and /api/user/delete-data (the rest of /api/user/* lives in user.ts). */
export function accountRest(deps: Deps) {
  return new Hono()
    .get("/user/personal-data", async (c) => {
      const { userId } = requireUser(c, deps);
      deps.rateLimits.take(rateRules.personalData, userId);
      // The spec reads this answer as text and parses it; it is JSON text.
      return c.json(await downloadPersonalData(deps.db, deps.config.databasePath, userId));
    })
    .post("/user/delete-data", async (c) => {
      const user = requireUser(c, deps);
      await jsonBody(c, DeleteDataSchema);
      const result = await deleteAccount(deps, user.userId);
      c.header("Set-Cookie", clearSessionCookie(deps.config), { append: true });
      return c.json(result);
    });
}
