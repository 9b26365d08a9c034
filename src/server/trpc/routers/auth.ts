import { EndSessionSchema } from "../../../shared/schemas/sessions.ts";
import { endSession, listSessions } from "../../auth/session-list.ts";
import { signOut, signOutEverywhere } from "../../auth/sign-out.ts";
import { authedProcedure, publicProcedure, router } from "../core/init.ts";

export const authRouter = router({
  loggedIn: publicProcedure.query(({ ctx }) => ({ loggedIn: ctx.user !== null })),
  logout: publicProcedure.mutation(({ ctx }) => {
    ctx.resHeaders.append("Set-Cookie", signOut(ctx.deps, ctx.sessionToken));
    return { loggedOut: true };
  }),
  /** the listener's sessions (browser, first and last seen), this one marked */
  sessions: authedProcedure.query(({ ctx }) => listSessions(ctx.deps, ctx.user.userId, ctx.user.sessionId)),
  /** ends one of the listener's sessions (this one too, when named: the cookie is cleared then) */
  endSession: authedProcedure.input(EndSessionSchema).mutation(({ ctx, input }) => {
    endSession(ctx.deps.db, ctx.user.userId, input.sessionId);
    const current = input.sessionId === ctx.user.sessionId;
    if (current) ctx.resHeaders.append("Set-Cookie", signOut(ctx.deps, ctx.sessionToken));
    return { ended: true, signedOut: current };
  }),
  /** ends every session of the listener, this one included */
  logoutEverywhere: authedProcedure.mutation(({ ctx }) => {
    ctx.resHeaders.append("Set-Cookie", signOutEverywhere(ctx.deps, ctx.user.userId));
    return { loggedOut: true };
  }),
});
