// Helpers for the Spotify emulator tests: an emulator with a clock, sign-in through the accounts service.
import { createSpotifyEmulator, type SpotifyEmulatorOptions } from "../../../src/emulators/spotify/index.ts";

export const CLIENT_ID = "test-client";
export const CLIENT_SECRET = "test-secret";
export const REDIRECT_URI = "http://127.0.0.1:3000/api/authorize/callback";
export const ORIGIN = "http://emulator.test";
export const ACCOUNTS = `${ORIGIN}/emulator/spotify/accounts`;
export const API = `${ORIGIN}/emulator/spotify/v1`;
export const CONTROL = `${ORIGIN}/emulator/spotify/control`;
export const ALL_SCOPES =
  "user-library-read user-library-modify playlist-read-private playlist-modify-public playlist-modify-private user-read-private user-read-email";

export interface TestEmulator extends ReturnType<typeof createSpotifyEmulator> {
  clock: { now: number };
  fetch(url: string, init?: RequestInit): Promise<Response>;
}

export function testEmulator(options: Partial<SpotifyEmulatorOptions> = {}): TestEmulator {
  const clock = { now: Date.UTC(2026, 5, 1, 12) };
  const emulator = createSpotifyEmulator({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    now: () => clock.now,
    ...options,
  });
  return {
    ...emulator,
    clock,
    fetch: async (url, init) => emulator.app.fetch(new Request(url, init)),
  };
}

export const basic = (id = CLIENT_ID, secret = CLIENT_SECRET) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

export function authorizeUrl(params: Record<string, string>): string {
  const url = new URL(`${ACCOUNTS}/authorize`);
  const all = {
    client_id: CLIENT_ID,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    state: "st4te",
    scope: ALL_SCOPES,
    ...params,
  };
  for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v);
  return url.toString();
}

/** Approves at once as `user` and returns the code from the redirect. */
export async function authorizeCode(
  emulator: TestEmulator,
  user: string,
  params: Record<string, string> = {},
): Promise<string> {
  const res = await emulator.fetch(authorizeUrl({ emulator_user: user, ...params }));
  if (res.status !== 302) throw new Error(`authorize answered ${res.status}`);
  const code = new URL(res.headers.get("location") ?? "").searchParams.get("code");
  if (!code) throw new Error("no code in the redirect");
  return code;
}

export function tokenCall(
  emulator: TestEmulator,
  form: Record<string, string>,
  authorization: string | null = basic(),
): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (authorization) headers.authorization = authorization;
  return emulator.fetch(`${ACCOUNTS}/api/token`, {
    method: "POST",
    headers,
    body: new URLSearchParams(form).toString(),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

export async function signIn(emulator: TestEmulator, user: string, scope = ALL_SCOPES): Promise<Tokens> {
  const code = await authorizeCode(emulator, user, { scope });
  const res = await tokenCall(emulator, {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
  });
  if (res.status !== 200) throw new Error(`token answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Tokens;
}

/** A Web API call with the bearer token; JSON bodies are sent as application/json. */
export function api(
  emulator: TestEmulator,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  return emulator.fetch(`${API}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
