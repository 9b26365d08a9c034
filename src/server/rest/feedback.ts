import { Hono } from "hono";
import { FeedbackSchema } from "../../shared/schemas/feedback.ts";
import type { Deps } from "../deps/deps.ts";
import { submitFeedback } from "../feedback/service.ts";
import { jsonBody, requireUser } from "./validate.ts";

export function feedbackRest(deps: Deps) {
  return new Hono().post("/feedback", async (c) => {
    const user = requireUser(c, deps);
    const input = await jsonBody(c, FeedbackSchema);
    return c.json(submitFeedback(deps.db, deps.clock, user.userId, input));
  });
}
