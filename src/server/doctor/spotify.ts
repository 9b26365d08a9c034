// The Spotify app: its credentials (the client-credentials grant, which needs no listener) and the redirect URI
// it must register (Spotify's rule: https, or http only on a loopback address literal; never `localhost`).
import { signInCallbackPath } from "../../shared/self-hosting.ts";
import type { Config } from "../config/config.ts";
import { SPOTIFY_SCOPES } from "../spotify/accounts.ts";
import { type CheckResult, failed, ok, type Probe, shown } from "./check.ts";

const CREDENTIALS = "Spotify app credentials";
const REDIRECT = "Spotify redirect URI";

export async function checkSpotify(config: Config, probe: Probe): Promise<CheckResult[]> {
  return [await checkCredentials(config, probe), ...(await checkRedirectUri(config, probe))];
}

async function checkCredentials(config: Config, probe: Probe): Promise<CheckResult> {
  const { accountsUrl, clientId, clientSecret } = config.spotify;
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
    "base64",
  );
  const answer = await probe(`${accountsUrl}/api/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  const where = shown(accountsUrl);
  if (!answer.reached)
    return failed(CREDENTIALS, `${where} ${answer.error}: check SPOTIFY_ACCOUNTS_URL and the network`);
  const token = (answer.json as { access_token?: unknown } | undefined)?.access_token;
  if (answer.status === 200 && typeof token === "string")
    return ok(CREDENTIALS, `accepted by ${where} (client-credentials grant)`);
  const error = (answer.json as { error?: unknown } | undefined)?.error;
  if (error === "invalid_client")
    return failed(
      CREDENTIALS,
      `${where} refused SPOTIFY_CLIENT_ID or SPOTIFY_CLIENT_SECRET (invalid_client): copy both from the app's settings in Spotify's developer dashboard`,
    );
  return failed(CREDENTIALS, `${where} answered HTTP ${answer.status}${error ? ` (${String(error)})` : ""}`);
}

/** Why Spotify would refuse this redirect URI whatever the dashboard says, or undefined. */
export function loopbackRuleProblem(redirectUri: string): string | undefined {
  const url = new URL(redirectUri);
  if (url.protocol === "https:") return undefined;
  if (url.hostname === "127.0.0.1" || url.hostname === "[::1]") return undefined;
  if (url.hostname === "localhost")
    return `Spotify does not accept "localhost" in a redirect URI: set PUBLIC_URL=http://127.0.0.1${url.port ? `:${url.port}` : ""}`;
  return "Spotify accepts http redirect URIs only on a loopback address (http://127.0.0.1:PORT or http://[::1]:PORT): serve Crate over https and set PUBLIC_URL to that address";
}

async function checkRedirectUri(config: Config, probe: Probe): Promise<CheckResult[]> {
  const redirectUri = `${config.publicUrl}${signInCallbackPath}`;
  const rule = loopbackRuleProblem(redirectUri);
  if (rule) return [failed(REDIRECT, `${redirectUri}: ${rule}`)];
  // The authorize page refuses an unregistered redirect URI (400 "INVALID_CLIENT: Invalid redirect URI") before
  // anyone signs in; a registered one leads on to the login or consent page.
  const query = new URLSearchParams({
    client_id: config.spotify.clientId,
    response_type: "code",
    redirect_uri: redirectUri,
    scope: SPOTIFY_SCOPES.join(" "),
  });
  const answer = await probe(`${config.spotify.accountsUrl}/authorize?${query}`);
  if (!answer.reached)
    return [failed(REDIRECT, `${shown(config.spotify.accountsUrl)}/authorize ${answer.error}`)];
  if (answer.status >= 400) {
    const reason = /invalid redirect uri/i.test(answer.text)
      ? "is not registered"
      : `was refused (HTTP ${answer.status})`;
    return [
      failed(
        REDIRECT,
        `${redirectUri} ${reason}: add exactly this address under Redirect URIs in the app's settings (or set PUBLIC_URL to the address registered there)`,
      ),
    ];
  }
  return [ok(REDIRECT, `${redirectUri} is registered (the address the app's settings must keep)`)];
}
