// The accounts service: GET /authorize (consent) and POST /api/token (authorization-code, refresh and
// client-credentials grants).
import { randomBytes, timingSafeEqual } from "node:crypto";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { consentPage, errorPage } from "./consent-page.ts";
import type { EmulatorRuntime } from "./model/runtime.ts";
import type { IssuedTokens } from "./model/tokens.ts";

/** Scopes the accounts service knows (Spotify's public list). */
export const KNOWN_SCOPES = new Set([
  "app-remote-control",
  "playlist-read-private",
  "playlist-read-collaborative",
  "playlist-modify-public",
  "playlist-modify-private",
  "user-library-read",
  "user-library-modify",
  "user-read-private",
  "user-read-email",
  "user-follow-read",
  "user-follow-modify",
  "user-top-read",
  "user-read-playback-position",
  "user-read-playback-state",
  "user-read-recently-played",
  "user-read-currently-playing",
  "user-modify-playback-state",
  "ugc-image-upload",
  "streaming",
]);
const LISTED_LISTENERS = 50;
/** A token request is a short form; anything much larger is refused before it is read. */
const TOKEN_REQUEST_MAX_BYTES = 64 * 1024;

export function accountsApp(
  runtime: EmulatorRuntime,
  registered: { redirectUris?: readonly string[] } = {},
): Hono {
  const app = new Hono();
  app.use(
    "*",
    bodyLimit({
      maxSize: TOKEN_REQUEST_MAX_BYTES,
      onError: (c) => c.json({ error: "invalid_request", error_description: "Request too large" }, 413),
    }),
  );

  app.get("/authorize", (c) => {
    const q = new URL(c.req.url).searchParams;
    const clientId = q.get("client_id");
    if (clientId !== runtime.clientId) return c.html(errorPage("INVALID_CLIENT: Invalid client"), 400);
    const redirectUri = q.get("redirect_uri") ?? "";
    if (
      !isHttpUrl(redirectUri) ||
      (registered.redirectUris && !registered.redirectUris.includes(redirectUri))
    )
      return c.html(errorPage("INVALID_CLIENT: Invalid redirect URI"), 400);
    const state = q.get("state");
    const back = (params: Record<string, string>) => {
      const target = new URL(redirectUri);
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
      if (state !== null) target.searchParams.set("state", state);
      return c.redirect(target.toString(), 302);
    };
    if (q.get("response_type") !== "code") return back({ error: "unsupported_response_type" });
    const scopes = (q.get("scope") ?? "").split(/[ +]/).filter(Boolean);
    if (scopes.some((s) => !KNOWN_SCOPES.has(s))) return back({ error: "invalid_scope" });
    const codeChallenge = q.get("code_challenge");
    const method = q.get("code_challenge_method");
    if ((codeChallenge !== null || method !== null) && (method !== "S256" || !codeChallenge)) {
      return back({ error: "invalid_request", error_description: "code_challenge_method must be S256" });
    }
    if (q.get("emulator_deny") !== null) return back({ error: "access_denied" });

    const world = runtime.world();
    const userId = q.get("emulator_user");
    if (userId !== null) {
      if (!world.listener(userId))
        return c.html(errorPage(`No emulated listener has the id "${userId}".`), 400);
      const code = runtime.tokens().issueCode({
        clientId,
        redirectUri,
        userId,
        scope: scopes.join(" "),
        codeChallenge,
      });
      return back({ code });
    }
    const all = [...world.listeners.values()];
    const shown = [...all.filter((l) => l.demo), ...all.filter((l) => !l.demo).slice(0, LISTED_LISTENERS)];
    const listeners = shown.map((profile) => ({ profile, likes: world.library(profile.id).all().length }));
    c.header("Cache-Control", "no-store");
    return c.html(consentPage({ params: q, listeners, moreListeners: all.length - shown.length, scopes }));
  });

  app.post("/api/token", async (c) => {
    runtime.faults.record("POST /api/token");
    c.header("Cache-Control", "no-store");
    c.header("Pragma", "no-cache");
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) {
      return oauthError(c, 400, "invalid_request", "Content-Type must be application/x-www-form-urlencoded");
    }
    const form = new URLSearchParams(await c.req.text());
    const client = authenticateClient(runtime, c.req.header("authorization"), form);
    if (client === "invalid") return oauthError(c, 401, "invalid_client", "Invalid client");
    if (client === "badSecret") return oauthError(c, 401, "invalid_client", "Invalid client secret");
    const grantType = form.get("grant_type");
    const tokens = runtime.tokens();
    if (grantType === "authorization_code") {
      const code = tokens.redeemCode(form.get("code") ?? "");
      if (!code || code.clientId !== runtime.clientId) {
        return oauthError(c, 400, "invalid_grant", "Invalid authorization code");
      }
      if (form.get("redirect_uri") !== code.redirectUri) {
        return oauthError(c, 400, "invalid_grant", "Invalid redirect URI");
      }
      if (code.codeChallenge !== null) {
        const verifier = form.get("code_verifier") ?? "";
        if (!verifier || (await s256(verifier)) !== code.codeChallenge) {
          return oauthError(c, 400, "invalid_grant", "code_verifier was incorrect");
        }
      } else if (client === "public") {
        return oauthError(c, 400, "invalid_request", "code_verifier required");
      }
      return tokenAnswer(c, tokens.issue(code.userId, code.clientId, code.scope), tokens.accessTokenTtlSec);
    }
    if (grantType === "refresh_token") {
      const presented = form.get("refresh_token");
      if (!presented) return oauthError(c, 400, "invalid_request", "refresh_token must be supplied");
      const record = tokens.refreshToken(presented, runtime.clientId);
      if (!record) return oauthError(c, 400, "invalid_grant", "Invalid refresh token");
      return tokenAnswer(c, tokens.refresh(record), tokens.accessTokenTtlSec);
    }
    if (grantType === "client_credentials") {
      // the app's own token (no user, no refresh token, no scope): only a client with its secret gets one
      if (client !== "confidential") return oauthError(c, 400, "invalid_client", "Invalid client");
      return c.json({
        access_token: randomBytes(48).toString("base64url"),
        token_type: "Bearer",
        expires_in: tokens.accessTokenTtlSec,
      });
    }
    if (!grantType) return oauthError(c, 400, "unsupported_grant_type", "grant_type parameter is missing");
    return oauthError(
      c,
      400,
      "unsupported_grant_type",
      "grant_type must be authorization_code, refresh_token or client_credentials",
    );
  });

  return app;
}

function tokenAnswer(c: Context, issued: IssuedTokens, ttlSec: number): Response {
  return c.json({
    access_token: issued.access.token,
    token_type: "Bearer",
    expires_in: ttlSec,
    ...(issued.refresh ? { refresh_token: issued.refresh.token } : {}),
    scope: issued.access.scope,
  });
}

function oauthError(c: Context, status: 400 | 401, error: string, description: string): Response {
  if (status === 401) c.header("WWW-Authenticate", 'Basic realm="spotify"');
  return c.json({ error, error_description: description }, status);
}

/** HTTP Basic or client_id/client_secret in the body; client_id alone is a public (PKCE) client. */
function authenticateClient(
  runtime: EmulatorRuntime,
  authorization: string | undefined,
  form: URLSearchParams,
): "confidential" | "public" | "invalid" | "badSecret" {
  let id = form.get("client_id");
  let secret = form.get("client_secret");
  if (authorization) {
    const match = /^Basic\s+(\S+)$/i.exec(authorization.trim());
    const decoded = match?.[1] ? Buffer.from(match[1], "base64").toString("utf8") : "";
    const colon = decoded.indexOf(":");
    if (colon < 0) return "invalid";
    try {
      id = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    } catch {
      return "invalid";
    }
  }
  if (id !== runtime.clientId) return "invalid";
  if (secret === null) return "public";
  return sameText(secret, runtime.clientSecret) ? "confidential" : "badSecret";
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return Buffer.from(digest).toString("base64url");
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
