import { spotifyAccessAnswer } from "../../auth/spotify-access.ts";
import { getMembershipLevel } from "../../user/membership.ts";
import { authedProcedure, publicProcedure, router } from "../core/init.ts";

export const userRouter = router({
  /** The shell's start-up lookup: null when signed out (no error), else who is signed in. */
  me: publicProcedure.query(({ ctx }) => {
    if (!ctx.user) return null;
    return {
      userId: ctx.user.userId,
      spotifyId: ctx.user.spotifyId,
      membershipLevel: ctx.user.membershipLevel,
      isAdmin: ctx.deps.config.adminSpotifyIds.includes(ctx.user.spotifyId),
    };
  }),
  membershipLevel: authedProcedure.query(({ ctx }) => getMembershipLevel(ctx.deps.db, ctx.user.userId)),
  id: authedProcedure.query(({ ctx }) => ({ userId: ctx.user.userId })),
  /** when the listener's Spotify grant ends, and whether it is ending or ended */
  spotifyAccess: authedProcedure.query(({ ctx }) => spotifyAccessAnswer(ctx.deps, ctx.user.userId)),
});
