import { UpdateSettingsSchema } from "../../../shared/schemas/settings.ts";
import { readSettings, toSettingsResponse, updatePlaylistSettings } from "../../settings/service.ts";
import { authedProcedure, router } from "../init.ts";

export const settingsRouter = router({
  get: authedProcedure.query(({ ctx }) => toSettingsResponse(readSettings(ctx.deps.db, ctx.user.userId))),
  update: authedProcedure
    .input(UpdateSettingsSchema)
    .mutation(({ ctx, input }) => updatePlaylistSettings(ctx.deps, ctx.user.userId, input)),
});
