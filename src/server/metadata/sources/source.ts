// What a metadata source asked over HTTP declares to the lookup pass: how its answer for a song is remembered
// (so later sources of the same fact know when to ask) and how it is asked, in rounds, storing what it finds.
import type { OpenMetadataSourceName } from "../../../shared/metadata-sources.ts";
import type { Deps } from "../../deps/deps.ts";
import type { MetadataClients } from "../../sources/clients.ts";
import type { SourceOrder } from "../store/facts-repository.ts";
import type { LookupKind } from "../store/lookups-repository.ts";
import type { PassTrack } from "../store/repository.ts";

export type PassDeps = Pick<Deps, "db" | "clock" | "log" | "config">;

/** The facts a song itself carries (artists' facts are looked up through its artists). */
export type SongFact = "features" | "tempo";

/** What one source's lookup sees of a pass. */
export interface SourcePass<Name extends OpenMetadataSourceName> {
  deps: PassDeps;
  client: MetadataClients[Name];
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

export interface OpenSourceLookup<Name extends OpenMetadataSourceName> {
  /** how the source's answer about a song is remembered in `metadata_lookups`; null: it is asked about artists */
  songAnswer: LookupKind | null;
  /** asks the source what the pass's songs lack, storing each round's facts as they arrive */
  lookUp(pass: SourcePass<Name>): Promise<void>;
}
