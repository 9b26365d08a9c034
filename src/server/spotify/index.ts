import type { Config } from "../config/config.ts";
import { type Metrics, providerObservers } from "../metrics/registry.ts";
import type { ProviderTime } from "../platform/clock.ts";
import type { Logger } from "../platform/log.ts";
import { CallBudget } from "./call-budget.ts";
import type { SpotifyCallLedger } from "./call-ledger.ts";
import { createSpotifyClient } from "./client.ts";
import type { QuotaState } from "./quota-gate.ts";
import type { QuotaHistory } from "./quota-history.ts";
import type { SpotifyClient } from "./types.ts";

export { SpotifyCallLedger } from "./call-ledger.ts";
export { createSpotifyClient } from "./client.ts";
export { SpotifyAuthRevokedError, SpotifyError } from "./errors.ts";
export { QuotaHistory } from "./quota-history.ts";
export type * from "./types.ts";

/** The process's Spotify client, on the configured accounts service and Web API (the emulator in demo mode). */
export function spotifyClientFromConfig(
  config: Config,
  log: Logger,
  metrics?: Metrics,
  ledger?: SpotifyCallLedger,
  quotaHistory?: QuotaHistory,
  /** the clock of its paces, backoffs and Retry-Afters (default: the real one) */
  time?: ProviderTime,
): SpotifyClient {
  const observers = metrics ? providerObservers(metrics, "spotify") : undefined;
  return createSpotifyClient({
    apiUrl: config.spotify.apiUrl,
    accountsUrl: config.spotify.accountsUrl,
    clientId: config.spotify.clientId,
    clientSecret: config.spotify.clientSecret,
    timeoutMs: config.spotify.timeoutMs,
    quotaFirstProbeMs: config.spotify.quotaFirstProbeMs,
    now: time?.now,
    sleep: time?.sleep,
    budget: ledger && new CallBudget(config.spotify.dailyCalls, ledger, config.spotify.budgetRecheckMs),
    onArtistsBatchForbidden: () =>
      log.warn("GET /artists?ids answered 403: using single-artist lookups from now on"),
    onRetry: (info) => {
      log.debug("spotify call retried", info);
      if (info.status === 429) observers?.onRateLimitWait(info.waitMs);
    },
    observer: {
      onCall: (info) => {
        observers?.onCall(info);
        if (info.service === "api") ledger?.record(info.kind, info.userId);
      },
      onQuota: (state) => {
        quotaHistory?.record(state);
        logQuota(state);
      },
    },
  });
  function logQuota(state: QuotaState): void {
    if (state.paused) {
      log.warn("spotify quota used up: web api calls paused", {
        since: state.since,
        probes: state.probes,
        nextProbeAt: state.nextProbeAt,
      });
    } else log.info("spotify quota back: web api calls resumed", { pauses: state.pauses });
  }
}
