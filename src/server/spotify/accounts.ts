import { limits } from "../../shared/limits.ts";
import { SpotifyError } from "./errors.ts";
import { errorReason, type SpotifyHttp } from "./http.ts";
import type { SpotifyWork } from "./work.ts";

/** The scopes Crate asks for: read likes, create/fill/rename playlists (public or private), remove them again. */
export const SPOTIFY_SCOPES = [
  "user-library-read",
  "user-library-modify",
  "playlist-read-private",
  "playlist-modify-public",
  "playlist-modify-private",
] as const;

export interface TokenSet {
  accessToken: string;
  /** absent when a refresh answer keeps the previous refresh token */
  refreshToken: string | undefined;
  /** seconds the access token lives, from the answer */
  expiresIn: number;
  scope: string;
}

/** Asked for only when a listener's rule first names one of their playlists (collaborative ones are listed then). */
export const PLAYLIST_READ_COLLABORATIVE = "playlist-read-collaborative";

export interface AuthorizeParams {
  state: string;
  codeChallenge: string;
  redirectUri: string;
  /** scopes asked for besides SPOTIFY_SCOPES */
  extraScopes?: readonly string[];
}

/** Spotify's accounts service: the authorize URL and the token endpoint (client authenticated with HTTP Basic). */
export class SpotifyAccounts {
  constructor(
    private readonly http: SpotifyHttp,
    private readonly settings: { accountsUrl: string; clientId: string; clientSecret: string },
  ) {}

  authorizeUrl(params: AuthorizeParams): string {
    const query = new URLSearchParams({
      client_id: this.settings.clientId,
      response_type: "code",
      redirect_uri: params.redirectUri,
      scope: [...SPOTIFY_SCOPES, ...(params.extraScopes ?? [])].join(" "),
      state: params.state,
      code_challenge_method: "S256",
      code_challenge: params.codeChallenge,
    });
    return `${this.settings.accountsUrl}/authorize?${query}`;
  }

  /**
   * Exchanges an authorization code (with its PKCE verifier) for tokens. Someone waits on the sign-in page: no
   * turn at the accounts service within the sign-in's wait throws SpotifyBusyError, the code unsent.
   */
  exchangeCode(code: string, redirectUri: string, codeVerifier: string): Promise<TokenSet> {
    return this.token(
      { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier },
      limits.signInSlotWaitMs,
    );
  }

  /** A fresh access token; the answer may carry a new refresh token. `invalid_grant` throws SpotifyError with that reason. */
  refresh(refreshToken: string, work?: SpotifyWork): Promise<TokenSet> {
    return this.token({ grant_type: "refresh_token", refresh_token: refreshToken }, undefined, work);
  }

  private async token(
    form: Record<string, string>,
    turnWaitMs?: number,
    work?: SpotifyWork,
  ): Promise<TokenSet> {
    const endpoint = "POST /api/token";
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString("base64");
    const res = await this.http.send({
      service: "accounts",
      method: "POST",
      url: `${this.settings.accountsUrl}/api/token`,
      endpoint,
      headers: {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams(form).toString(),
      turnWaitMs,
      work,
    });
    const body = (res.json ?? {}) as Record<string, unknown>;
    if (res.status !== 200) throw new SpotifyError(res.status, endpoint, errorReason(res.json));
    const accessToken = body.access_token;
    const expiresIn = Number(body.expires_in ?? 3600);
    if (typeof accessToken !== "string" || accessToken === "" || !Number.isFinite(expiresIn)) {
      throw new SpotifyError(502, endpoint, "token answer without access_token");
    }
    return {
      accessToken,
      refreshToken:
        typeof body.refresh_token === "string" && body.refresh_token !== "" ? body.refresh_token : undefined,
      expiresIn,
      scope: typeof body.scope === "string" ? body.scope : "",
    };
  }
}
