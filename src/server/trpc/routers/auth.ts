import { revokeSession, SESSION_COOKIE } from "../../auth/sessions.ts";
import { publicProcedure, router } from "../init.ts";

export const authRouter = router({
  loggedIn: publicProcedure.query(({ ctx }) => ({ loggedIn: ctx.user !== null })),
  logout: publicProcedure.mutation(({ ctx }) => {
    revokeSession(ctx.deps.db, ctx.sessionToken);
    ctx.resHeaders.append("Set-Cookie", `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    return { loggedOut: true };
  }),
});
