// What an open metadata source (one asked over HTTP) declares, in its own folder under metadata/sources/: its
// client and pace, the doctor's probe, how its answer about a song is remembered (so later sources of the same fact
// know when to ask) and how it is asked, in rounds, storing what it finds. Its name, label, the facts it gives and
// its base URL are its entry of src/shared/metadata-sources.ts (the client's pages and the configuration read them).
import type { Deps } from "../../deps/deps.ts";
import type { ProviderTime } from "../../platform/clock.ts";
import type { Pacing } from "../../platform/provider-http.ts";
import type { SourceOrder } from "../store/facts-repository.ts";
import type { LookupKind } from "../store/lookups-repository.ts";
import type { PassTrack } from "../store/repository.ts";
import type { MetadataSourceHttp } from "./http.ts";

export type PassDeps = Pick<Deps, "db" | "clock" | "log" | "config">;

/** The facts a song itself carries (artists' facts are looked up through its artists). */
export type SongFact = "features" | "tempo";

/** What one source's lookup sees of a pass. */
export interface SourcePass<Client> {
  deps: PassDeps;
  client: Client;
  /** the configured sources, earliest (winning) first: what the source stores yields to earlier ones */
  order: SourceOrder;
  /** the pass's songs as they were when it began */
  tracks: readonly PassTrack[];
  /**
   * The pass's songs still lacking `fact` once every earlier source that gives it has answered for them, in
   * batches as those answers arrive; songs an earlier source could not answer are left to the next pass.
   */
  lacking(fact: SongFact): AsyncIterable<PassTrack[]>;
  /** tracks whose facts changed (their playlists get a follow-up) */
  changed(trackIds: Iterable<string>): void;
  /** told after each call, once its answer is remembered */
  progress(): void;
}

/** The clock a source's client runs its pace, backoffs and Retry-Afters on: the one every provider client takes. */
export type SourceTime = ProviderTime;

export interface OpenMetadataSource<Client> {
  /** its client over the provider core, one for the app */
  createClient(http: MetadataSourceHttp): Client;
  /** the least time between two requests, on average: `calls × this` is the fastest it can answer them */
  intervalMs: number;
  /** how its client keeps that pace (the provider core's strategies), on the given clock */
  pacing(time: SourceTime): Pacing;
  /** a request (below the base URL) it answers cheaply whether or not it knows what is asked: `crate doctor` */
  probe: string;
  /** how the source's answer about a song is remembered in `metadata_lookups`; null: it is asked about artists */
  songAnswer: LookupKind | null;
  /** asks the source what the pass's songs lack, storing each round's facts as they arrive */
  lookUp(pass: SourcePass<Client>): Promise<void>;
}

/** Checks a source's declaration against its client's type (the registry then keeps each client's own type). */
export const openMetadataSource = <Client>(source: OpenMetadataSource<Client>): OpenMetadataSource<Client> =>
  source;
