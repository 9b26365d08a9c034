import { type Context, Hono } from "hono";
import { signInRule } from "../../shared/rate-rules.ts";
import { AuthorizeQuerySchema, CallbackQuerySchema } from "../../shared/schemas/auth.ts";
import { presentedOauthValue } from "../auth/cookies.ts";
import {
  completeAuthorization,
  oauthCookieKey,
  type Redirect,
  type ReturnTo,
  startAuthorization,
} from "../auth/oauth.ts";
import { signOut, signOutEverywhere } from "../auth/sign-out.ts";
import type { Deps } from "../deps/deps.ts";
import { clientAddress } from "../http/client-address.ts";
import { optionalUser, reading, requireUser, sessionToken } from "./validate.ts";

function redirect(c: Context, to: Redirect): Response {
  for (const cookie of to.cookies) c.header("Set-Cookie", cookie, { append: true });
  return c.redirect(to.location, 302);
}

/**
 * Sign-in starts and callbacks per client address: each costs a state row or a token exchange with Crate's
 * client secret, so one client cannot spend the accounts service's limit for everyone.
 */
function limitedPerAddress(deps: Deps, step: "start" | "callback") {
  const rule = signInRule(step, deps.config.signInRateLimit);
  return (c: Context, handler: (c: Context) => Promise<Response>): Promise<Response> => {
    if (rule.allowance > 0) deps.rateLimits.take(rule, clientAddress(c.req.raw, c.env));
    return handler(c);
  };
}

/** Sign-in with Spotify (authorization code + PKCE), login state and logout, under /api/authorize. */
export function authRest(deps: Deps) {
  const startsLimited = limitedPerAddress(deps, "start");
  const callbacksLimited = limitedPerAddress(deps, "callback");
  const start = (returnTo: ReturnTo) => (c: Context) => startsLimited(c, starting(returnTo));
  const starting = (returnTo: ReturnTo) => async (c: Context) => {
    // A navigation, not an API call: an unusable referrer is dropped rather than refused.
    const parsed = AuthorizeQuerySchema.safeParse(c.req.query());
    const referrer = parsed.success ? parsed.data.referrer : undefined;
    const timeZone = parsed.success ? parsed.data.timeZone : undefined;
    return redirect(c, await startAuthorization(deps, { returnTo, referrer, timeZone }));
  };
  return new Hono()
    .get("/authorize", start("default"))
    .get("/authorize/plans", start("plans"))
    .get("/authorize/playlists", start("playlists"))
    .get("/authorize/callback", (c) =>
      callbacksLimited(c, async () => {
        const parsed = CallbackQuerySchema.safeParse(c.req.query());
        const query = parsed.success ? parsed.data : { error: "invalid_request" };
        const presented = sessionToken(c, deps);
        const pending = await presentedOauthValue(c, oauthCookieKey(deps));
        const userAgent = c.req.header("user-agent");
        return redirect(c, await completeAuthorization(deps, query, pending, presented, userAgent));
      }),
    )
    .get(
      "/authorize/logged-in",
      reading(deps, (c) => ({ loggedIn: optionalUser(c, deps) !== null })),
    )
    .post("/authorize/logout", (c) => {
      c.header("Set-Cookie", signOut(deps, sessionToken(c, deps)));
      return c.json({ loggedOut: true });
    })
    .post("/authorize/logout-everywhere", (c) => {
      const user = requireUser(c, deps);
      c.header("Set-Cookie", signOutEverywhere(deps, user.userId));
      return c.body(null, 204);
    });
}
