import { FeedbackSchema } from "../../../shared/schemas/feedback.ts";
import { submitFeedback } from "../../feedback/service.ts";
import { authedProcedure, router } from "../core/init.ts";

export const feedbackRouter = router({
  submit: authedProcedure
    .input(FeedbackSchema)
    .mutation(({ ctx, input }) => submitFeedback(ctx.deps.db, ctx.deps.clock, ctx.user.userId, input)),
});
