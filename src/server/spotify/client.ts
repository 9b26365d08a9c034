import { SpotifyAccounts } from "./accounts.ts";
import type { SharedClientState } from "./call.ts";
import type { CallBudget } from "./call-budget.ts";
import { type HttpOptions, SpotifyHttp } from "./http.ts";
import type { SpotifyClient } from "./types.ts";
import { createUserApi } from "./user-api.ts";
import { workOf } from "./work.ts";

export interface SpotifyClientOptions extends HttpOptions {
  apiUrl: string;
  accountsUrl: string;
  clientId: string;
  clientSecret: string;
  /** told once when batch artist lookups answer 403 and the client switches to single lookups */
  onArtistsBatchForbidden?: () => void;
  /** SPOTIFY_DAILY_CALLS (none: every call goes) */
  budget?: CallBudget;
}

/** One per process: the transport (timeouts, retries, pacing, call counts) shared by all users. */
export function createSpotifyClient(options: SpotifyClientOptions): SpotifyClient {
  const http = new SpotifyHttp(options);
  const shared: SharedClientState = {
    http,
    apiUrl: options.apiUrl.replace(/\/+$/, ""),
    artistsBatchForbidden: false,
    onArtistsBatchForbidden: options.onArtistsBatchForbidden,
  };
  return {
    accounts: new SpotifyAccounts(http, {
      accountsUrl: options.accountsUrl.replace(/\/+$/, ""),
      clientId: options.clientId,
      clientSecret: options.clientSecret,
    }),
    forUser: (tokens, work = workOf("other")) => createUserApi(shared, tokens, work),
    callCounts: () => http.callCounts(),
    resetCallCounts: () => http.resetCallCounts(),
    pacing: () => http.pacing(),
    quota: () => http.quota.state(),
    stopQuotaProbes: () => {
      http.quota.stop();
      options.budget?.stop();
    },
    budget: () => options.budget?.state() ?? { dailyCalls: null, held: { background: null, listener: null } },
    budgetAllows: (kind) => options.budget?.allows(kind) ?? true,
  };
}
