// /metrics for Spotify's 2026 limits: the quota pause (since when, probes, refused calls), listeners whose grant is
// ending or ended, and the Web API calls of the last 24 hours by kind. Read when Prometheus scrapes.
import { Gauge } from "prom-client";
import { spotifyCallKinds } from "../../shared/spotify-access.ts";
import type { Deps } from "../deps/deps.ts";
import { grantCounts } from "./spotify-statistics.ts";

export function registerSpotifyGauges(
  deps: Pick<Deps, "db" | "clock" | "spotify" | "spotifyCalls" | "metrics">,
): void {
  const registers = [deps.metrics.registry];
  const quota = () => deps.spotify.quota();
  new Gauge({
    name: "crate_spotify_quota_paused",
    help: "1 while Spotify's spent request quota pauses every Web API call, else 0",
    registers,
    collect() {
      this.set(quota().paused ? 1 : 0);
    },
  });
  new Gauge({
    name: "crate_spotify_quota_paused_since_seconds",
    help: "Unix time the current quota pause began (0 when not paused)",
    registers,
    collect() {
      const since = quota().since;
      this.set(since === null ? 0 : since / 1000);
    },
  });
  new Gauge({
    name: "crate_spotify_quota_probes",
    help: "Probes sent in the current (or last) quota pause",
    registers,
    collect() {
      this.set(quota().probes);
    },
  });
  new Gauge({
    name: "crate_spotify_quota_refused_calls",
    help: "Web API calls answered QUOTA_EXCEEDED since the process started",
    registers,
    collect() {
      this.set(quota().refusedCalls);
    },
  });
  new Gauge({
    name: "crate_spotify_access_listeners",
    help: "Listeners whose Spotify grant ends within 14 days (ending) or ended (ended)",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const counts = grantCounts(deps);
      this.set({ state: "ending" }, counts.ending);
      this.set({ state: "ended" }, counts.ended);
    },
  });
  new Gauge({
    name: "crate_spotify_calls_last_24h",
    help: "Web API calls sent in the last 24 hours, refused ones included, by kind",
    labelNames: ["kind"] as const,
    registers,
    collect() {
      const { byKind } = deps.spotifyCalls.last24h();
      for (const kind of spotifyCallKinds) this.set({ kind }, byKind[kind]);
    },
  });
}
