import {
  AddExclusionSchema,
  ArtistIdSchema,
  LoadChoicesSchema,
  PlacementSchema,
  PlaylistNameSchema,
  PlaylistSongsSchema,
  RemoveExclusionSchema,
  SetCorrectionSchema,
  SongSearchSchema,
} from "../../../shared/schemas/explain.ts";
import { exportChoices, importChoices } from "../../playlists/choices.ts";
import { listCorrections, removeCorrection, setCorrection } from "../../playlists/corrections.ts";
import { addExclusion, listExclusions, removeExclusion } from "../../playlists/exclusions.ts";
import { getPlaylistSongs } from "../../playlists/explain.ts";
import { getPlacement, searchSongs } from "../../playlists/placement.ts";
import { authedProcedure, oneExpensivePerRequest, router } from "../core/init.ts";

export const explainRouter = router({
  /** GET /api/playlists/{name}/songs */
  songs: authedProcedure
    .input(PlaylistSongsSchema)
    .use(oneExpensivePerRequest)
    .query(({ ctx, input }) => getPlaylistSongs(ctx.deps, ctx.user, input)),
  /** GET /api/playlists/{name}/exclusions */
  exclusions: authedProcedure
    .input(PlaylistNameSchema)
    .query(({ ctx, input }) => listExclusions(ctx.deps, ctx.user, input.name)),
  /** POST /api/playlists/{name}/exclusions */
  exclude: authedProcedure
    .input(AddExclusionSchema)
    .mutation(({ ctx, input }) => addExclusion(ctx.deps, ctx.user, input).exclusion),
  /** DELETE /api/playlists/{name}/exclusions/{kind}/{id} */
  undoExclusion: authedProcedure.input(RemoveExclusionSchema).mutation(({ ctx, input }) => {
    removeExclusion(ctx.deps, ctx.user, input);
    return { removed: true };
  }),
  /** GET /api/songs/search?query= */
  search: authedProcedure
    .input(SongSearchSchema)
    .use(oneExpensivePerRequest)
    .query(({ ctx, input }) => searchSongs(ctx.deps, ctx.user.userId, input.query)),
  /** GET /api/songs/{trackId}/placement */
  placement: authedProcedure
    .input(PlacementSchema)
    .use(oneExpensivePerRequest)
    .query(({ ctx, input }) => getPlacement(ctx.deps, ctx.user, input.trackId)),
  /** GET /api/user/choices */
  choices: authedProcedure.query(({ ctx }) => exportChoices(ctx.deps, ctx.user.userId)),
  /** POST /api/user/choices (checked whole by the service, so the first bad field is named) */
  loadChoices: authedProcedure
    .input(LoadChoicesSchema)
    .use(oneExpensivePerRequest)
    .mutation(({ ctx, input }) =>
      importChoices(ctx.deps, ctx.user, input.document, { dryRun: input.dryRun }),
    ),
  /** GET /api/corrections */
  corrections: authedProcedure.query(({ ctx }) => listCorrections(ctx.deps, ctx.user.userId)),
  /** PUT /api/corrections/artists/{artistId} */
  correct: authedProcedure
    .input(SetCorrectionSchema)
    .mutation(({ ctx, input }) => setCorrection(ctx.deps, ctx.user.userId, input)),
  /** DELETE /api/corrections/artists/{artistId} */
  undoCorrection: authedProcedure.input(ArtistIdSchema).mutation(({ ctx, input }) => {
    removeCorrection(ctx.deps, ctx.user.userId, input.artistId);
    return { removed: true };
  }),
});
