// One lookup pass of the open sources over a set of tracks, in the configured order: ReccoBeats for features,
// MusicBrainz for artist ids, countries and tags (through Spotify artist URLs, else songs' ISRCs), Deezer for the
// bpm of songs no earlier source gave a tempo. Every answer is stored as it arrives; a source that fails is left
// for the next pass and the others go on.
import type { MetadataSourceName } from "../../shared/metadata-sources.ts";
import type { Deps } from "../deps/deps.ts";
import type { MetadataClients } from "../sources/clients.ts";
import { RECCOBEATS_BATCH } from "../sources/reccobeats.ts";
import { isUnavailable } from "./capabilities-repository.ts";
import { storeFeatures, storeTempo } from "./facts-repository.ts";
import { askable, recordLookups, wasAsked } from "./lookups-repository.ts";
import { lookUpMusicBrainz } from "./musicbrainz-pass.ts";
import { passTracks } from "./repository.ts";
import { askInRounds } from "./rounds.ts";

export interface PassResult {
  /** tracks whose facts changed */
  changed: Set<string>;
  /** sources that failed in this pass (asked again in the next) */
  failed: MetadataSourceName[];
}

type PassDeps = Pick<Deps, "db" | "clock" | "log" | "config">;

/** One pass's inputs and its result so far, as each source's step sees them. */
interface Pass {
  deps: PassDeps;
  clients: MetadataClients;
  trackIds: readonly string[];
  result: PassResult;
  onProgress: () => void;
}

/**
 * Looks up what the tracks lack; `onProgress` is told after each call, `onSourceDone` after each source has
 * answered (with what changed so far), so songs can join their playlists before the slower sources finish.
 */
export async function lookUpOpenSources(
  deps: PassDeps,
  clients: MetadataClients,
  trackIds: readonly string[],
  onProgress: () => void = () => {},
  onSourceDone: (result: PassResult) => void = () => {},
): Promise<PassResult> {
  const sources = deps.config.metadata.sources;
  const result: PassResult = { changed: new Set(), failed: [] };
  const run = async (name: MetadataSourceName, step: () => Promise<void>) => {
    if (!sources.includes(name)) return;
    try {
      await step();
    } catch (error) {
      result.failed.push(name);
      deps.log.warn("metadata source failed; asked again later", { source: name, error: String(error) });
    }
    onSourceDone(result);
  };
  // ReccoBeats first (Deezer is only asked about songs it lacks); MusicBrainz and Deezer then run side by side,
  // each at its own pace.
  const pass: Pass = { deps, clients, trackIds, result, onProgress };
  await run("reccobeats", () => reccoBeats(pass));
  await Promise.all([
    run("musicbrainz", () =>
      lookUpMusicBrainz(deps, clients, passTracks(deps.db.$client, trackIds), result.changed, onProgress),
    ),
    run("deezer", () => deezer(pass)),
  ]);
  return result;
}

async function reccoBeats({ deps, clients, trackIds, result, onProgress }: Pass) {
  const sqlite = deps.db.$client;
  const lacking = passTracks(sqlite, trackIds)
    .filter((t) => t.featuresSource === null)
    .map((t) => t.id);
  const rounds = {
    source: "reccobeats",
    kind: "features",
    size: RECCOBEATS_BATCH,
    now: () => deps.clock.now(),
  } as const;
  await askInRounds(sqlite, rounds, lacking, async (round) => {
    const found = await clients.reccobeats.audioFeatures(round);
    storeFeatures(sqlite, found, "reccobeats", deps.clock.now());
    for (const id of found.keys()) result.changed.add(id);
    onProgress();
    return new Set(found.keys());
  });
}

async function deezer({ deps, clients, trackIds, result, onProgress }: Pass) {
  const sqlite = deps.db.$client;
  const sources = deps.config.metadata.sources;
  const now = deps.clock.now();
  // Only songs every earlier feature source has answered without a tempo (so the first source that knows wins).
  const spotifyDone = (id: string) =>
    !sources.includes("spotify") ||
    isUnavailable(sqlite, "audioFeatures", now) ||
    wasAsked(sqlite, "spotify", "features", id, now);
  const reccoDone = (id: string) =>
    !sources.includes("reccobeats") || wasAsked(sqlite, "reccobeats", "features", id, now);
  const lacking = passTracks(sqlite, trackIds).filter(
    (t) => t.tempo === null && t.isrc !== null && spotifyDone(t.id) && reccoDone(t.id),
  );
  const open = new Set(
    askable(
      sqlite,
      "deezer",
      "bpm",
      lacking.map((t) => t.id),
      now,
    ),
  );
  for (const track of lacking) {
    if (!open.has(track.id) || track.isrc === null) continue;
    const bpm = await clients.deezer.bpmByIsrc(track.isrc);
    if (bpm !== null) {
      storeTempo(sqlite, track.id, bpm);
      result.changed.add(track.id);
    }
    recordLookups(
      sqlite,
      "deezer",
      "bpm",
      [track.id],
      new Set(bpm === null ? [] : [track.id]),
      deps.clock.now(),
    );
    onProgress();
  }
}
