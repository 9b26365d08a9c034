// Token requests and authorization requests for the hostile suite: every combination of grant type, code
// (fresh, reused, PKCE, forged), redirect_uri, code_verifier, client authentication, refresh token and
// content type, with the one outcome the accounts service must give for it.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { hostileString } from "../hardening/arbitraries.ts";
import type { SpotifyWorld } from "./hostile-spotify-world.ts";
import type { HostileRequest } from "./hostile-support.ts";
import {
  authorizeCode,
  basic,
  CLIENT_ID,
  CLIENT_SECRET,
  REDIRECT_URI,
  signIn,
  tokenCall,
} from "./spotify-support.ts";

const VERIFIER = "v".repeat(43);
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");

export interface TokenPlan {
  grant: "authorization_code" | "refresh_token" | "client_credentials" | "password" | "missing" | "hostile";
  hostile: string;
  code: "fresh" | "pkce" | "used" | "forged" | "missing";
  redirect: "right" | "other" | "missing";
  verifier: "right" | "wrong" | "missing";
  client:
    | "basic"
    | "basicBadSecret"
    | "basicUnknown"
    | "basicGarbage"
    | "body"
    | "bodyBadSecret"
    | "public"
    | "none";
  refresh: "live" | "revoked" | "forged" | "missing";
  contentType: "form" | "json" | "none" | "text";
}

export const tokenPlanArb: fc.Arbitrary<TokenPlan> = fc.record({
  grant: fc.constantFrom(
    "authorization_code",
    "authorization_code",
    "refresh_token",
    "client_credentials",
    "password",
    "missing",
    "hostile",
  ),
  hostile: hostileString,
  code: fc.constantFrom("fresh", "pkce", "used", "forged", "missing"),
  redirect: fc.constantFrom("right", "right", "other", "missing"),
  verifier: fc.constantFrom("right", "wrong", "missing"),
  client: fc.constantFrom(
    "basic",
    "basic",
    "basicBadSecret",
    "basicUnknown",
    "basicGarbage",
    "body",
    "bodyBadSecret",
    "public",
    "none",
  ),
  refresh: fc.constantFrom("live", "revoked", "forged", "missing"),
  contentType: fc.constantFrom("form", "form", "form", "json", "none", "text"),
}) as fc.Arbitrary<TokenPlan>;

/** [status, OAuth error] the plan must get, or [200, null] when it is a valid request. */
export function expectedTokenOutcome(plan: TokenPlan): [number, string | null] {
  if (plan.contentType !== "form") return [400, "invalid_request"];
  if (!["basic", "body", "public"].includes(plan.client)) return [401, "invalid_client"];
  if (plan.grant === "authorization_code") {
    if (plan.code !== "fresh" && plan.code !== "pkce") return [400, "invalid_grant"];
    if (plan.redirect !== "right") return [400, "invalid_grant"];
    if (plan.code === "pkce") return plan.verifier === "right" ? [200, null] : [400, "invalid_grant"];
    return plan.client === "public" ? [400, "invalid_request"] : [200, null];
  }
  if (plan.grant === "refresh_token") {
    if (plan.refresh === "missing") return [400, "invalid_request"];
    return plan.refresh === "live" ? [200, null] : [400, "invalid_grant"];
  }
  // the app's own token: only a client that presents its secret gets one
  if (plan.grant === "client_credentials")
    return plan.client === "public" ? [400, "invalid_client"] : [200, null];
  return [400, "unsupported_grant_type"];
}

/** Builds the request (getting a fresh or used code from the emulator first when the plan needs one). */
export async function tokenRequest(
  world: SpotifyWorld,
  refresh: { live: string; revoked: string },
  plan: TokenPlan,
): Promise<HostileRequest> {
  const e = world.emulator;
  const form: Record<string, string> = {};
  const grant = { missing: null, hostile: plan.hostile }[plan.grant as string];
  if (grant !== null) form.grant_type = grant ?? plan.grant;
  if (plan.code === "fresh") form.code = await authorizeCode(e, "hostile-a");
  if (plan.code === "pkce")
    form.code = await authorizeCode(e, "hostile-a", {
      code_challenge: CHALLENGE,
      code_challenge_method: "S256",
    });
  if (plan.code === "used") {
    const code = await authorizeCode(e, "hostile-a");
    await tokenCall(e, { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI });
    form.code = code;
  }
  if (plan.code === "forged") form.code = `AQ${"x".repeat(96)}`;
  if (plan.redirect !== "missing")
    form.redirect_uri = plan.redirect === "right" ? REDIRECT_URI : `${REDIRECT_URI}/other`;
  if (plan.verifier !== "missing") form.code_verifier = plan.verifier === "right" ? VERIFIER : `${VERIFIER}x`;
  if (plan.refresh === "live") form.refresh_token = refresh.live;
  if (plan.refresh === "revoked") form.refresh_token = refresh.revoked;
  if (plan.refresh === "forged") form.refresh_token = `AQ${"y".repeat(64)}`;
  const headers: Record<string, string> = {};
  const clientHeaders: Partial<Record<TokenPlan["client"], string>> = {
    basic: basic(),
    basicBadSecret: basic(CLIENT_ID, "wrong"),
    basicUnknown: basic("someone-else", CLIENT_SECRET),
    basicGarbage: "Basic %%%not-base64",
  };
  const clientHeader = clientHeaders[plan.client];
  if (clientHeader) headers.authorization = clientHeader;
  if (plan.client === "body" || plan.client === "bodyBadSecret" || plan.client === "public")
    form.client_id = CLIENT_ID;
  if (plan.client === "body") form.client_secret = CLIENT_SECRET;
  if (plan.client === "bodyBadSecret") form.client_secret = "wrong";
  const types = {
    form: "application/x-www-form-urlencoded",
    json: "application/json",
    text: "text/plain",
    none: null,
  };
  const type = types[plan.contentType];
  if (type) headers["content-type"] = type;
  const body = plan.contentType === "json" ? JSON.stringify(form) : new URLSearchParams(form).toString();
  return { method: "POST", path: "/emulator/spotify/accounts/api/token", headers, body };
}

/** Signs in once more for a refresh token that stays live, and one whose grant the listener revokes. */
export async function refreshTokensFor(world: SpotifyWorld): Promise<{ live: string; revoked: string }> {
  const live = (await signIn(world.emulator, "hostile-b")).refresh_token ?? "";
  world.emulator.control.createListener({ id: "hostile-revoked", likes: 1 });
  const revoked = (await signIn(world.emulator, "hostile-revoked")).refresh_token ?? "";
  world.emulator.control.revoke("hostile-revoked");
  return { live, revoked };
}

/** /authorize query strings: right, wrong and missing values of each parameter. */
export const authorizeQueryArb: fc.Arbitrary<string> = fc
  .record({
    client_id: fc.constantFrom(CLIENT_ID, "someone-else", "", null),
    redirect_uri: fc.constantFrom(REDIRECT_URI, "javascript:alert(1)", "not a url", "ftp://x/", "", null),
    response_type: fc.constantFrom("code", "code", "token", "", null),
    scope: fc.constantFrom("user-library-read playlist-modify-private", "admin", "", null),
    state: fc.option(hostileString, { nil: null }),
    code_challenge: fc.constantFrom(CHALLENGE, "", null),
    code_challenge_method: fc.constantFrom("S256", "plain", null),
    emulator_user: fc.constantFrom("hostile-a", "nobody", "%ZZ", null),
    emulator_deny: fc.constantFrom("1", null),
  })
  .map((params) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params))
      if (v !== null) q.set(k, v.replace(/[\ud800-\udfff]/g, "\ufffd"));
    return `?${q.toString()}`;
  });
