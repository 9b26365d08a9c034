import { UpdateSettingsSchema } from "../../../shared/schemas/settings.ts";
import { SetTimeZoneSchema } from "../../../shared/time-zone.ts";
import { updatePlaylistSettings } from "../../settings/service.ts";
import { readSettings, toSettingsResponse } from "../../settings/store.ts";
import { readTimeZone, setTimeZone } from "../../user/time-zone.ts";
import { authedProcedure, router } from "../core/init.ts";

export const settingsRouter = router({
  get: authedProcedure.query(({ ctx }) => toSettingsResponse(readSettings(ctx.deps.db, ctx.user.userId))),
  update: authedProcedure
    .input(UpdateSettingsSchema)
    .mutation(({ ctx, input }) => updatePlaylistSettings(ctx.deps, ctx.user.userId, input)),
  timeZone: authedProcedure.query(({ ctx }) => readTimeZone(ctx.deps.db, ctx.user.userId)),
  setTimeZone: authedProcedure
    .input(SetTimeZoneSchema)
    .mutation(({ ctx, input }) => setTimeZone(ctx.deps.db, ctx.user.userId, input.timeZone)),
});
