import { SpotifyError } from "./errors.ts";
import { errorReason, type HttpResponse, type SpotifyHttp } from "./http.ts";
import type { AccessTokenSource } from "./types.ts";
import type { SpotifyWork } from "./work.ts";

/** What the per-user API shares with every other user's: transport, limits, counters, learned fallbacks. */
export interface SharedClientState {
  http: SpotifyHttp;
  apiUrl: string;
  /** set for the rest of the process once `GET /artists?ids` answered 403 */
  artistsBatchForbidden: boolean;
  onArtistsBatchForbidden?: () => void;
}

export interface ApiCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** path template as in Spotify's reference, e.g. "/playlists/{playlist_id}/items" */
  template: string;
  /** the concrete path with its query, e.g. "/playlists/abc/items?limit=50" */
  path: string;
  body?: unknown;
  /** statuses answered to the caller instead of thrown (besides 2xx) */
  allow?: readonly number[];
  /** see HttpRequest.retryUnknownOutcome */
  retryUnknownOutcome?: boolean;
}

/** Sends one Web API call with the user's bearer token; a 401 refreshes the token and tries once more. */
export async function callApi(
  shared: SharedClientState,
  tokens: AccessTokenSource,
  work: SpotifyWork,
  call: ApiCall,
): Promise<HttpResponse> {
  const endpoint = `${call.method} ${call.template}`;
  const send = (token: string) =>
    shared.http.send({
      method: call.method,
      url: `${shared.apiUrl}${call.path}`,
      endpoint,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: "application/json",
        ...(call.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      retryUnknownOutcome: call.retryUnknownOutcome,
      userId: tokens.userId,
      work,
    });
  const token = await tokens.current();
  let res = await send(token);
  if (res.status === 401) res = await send(await tokens.refresh(token));
  if ((res.status >= 200 && res.status < 300) || call.allow?.includes(res.status)) return res;
  throw new SpotifyError(res.status, endpoint, errorReason(res.json));
}

/** Throws when a 2xx answer does not hold what the reference promises (an object with `key` of the given kind). */
export function expectShape<T>(res: HttpResponse, endpoint: string, check: (body: unknown) => boolean): T {
  if (!check(res.json)) throw new SpotifyError(502, endpoint, "unexpected answer shape");
  return res.json as T;
}
