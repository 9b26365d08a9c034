// One lookup pass of the open sources over a set of tracks. Every configured source of the registry
// (`sources/index.ts`) runs at once, each at its own pace; the configured order (`METADATA_SOURCES`) decides
// precedence: a source asks about a song's fact only once every earlier source of the pass that gives the fact has
// answered for the song and left it missing, so Deezer's bpm questions start with ReccoBeats' first answers instead of
// after its last. Every answer is stored as it arrives; a source that fails is left for the next pass and the
// others go on.
import {
  type MetadataSourceName,
  type OpenMetadataSourceName,
  provides,
} from "../../shared/metadata-sources.ts";
import type { OpenMetadataSource, PassDeps, SongFact, SourcePass } from "./source-base/definition.ts";
import type { MetadataClients } from "./sources/clients.ts";
import { openMetadataSources } from "./sources/index.ts";
import { askable } from "./store/lookups-repository.ts";
import { type PassTrack, passTracks } from "./store/repository.ts";

export interface PassResult {
  /** tracks whose facts changed */
  changed: Set<string>;
  /** sources that failed in this pass (asked again in the next) */
  failed: MetadataSourceName[];
}

const lacks: Record<SongFact, (track: PassTrack) => boolean> = {
  features: (t) => t.featuresSource === null,
  tempo: (t) => t.tempo === null,
};

const isOpen = (name: MetadataSourceName): name is OpenMetadataSourceName => name in openMetadataSources;

/**
 * Looks up what the tracks lack; `onProgress` is told after each call, `onSourceDone` after each source has
 * answered (with what changed so far), so songs can join their playlists before the slower sources finish.
 */
export async function lookUpOpenMetadataSources(
  deps: PassDeps,
  clients: MetadataClients,
  trackIds: readonly string[],
  onProgress: () => void = () => {},
  onSourceDone: (result: PassResult) => void = () => {},
): Promise<PassResult> {
  const order = deps.config.metadata.sources;
  const result: PassResult = { changed: new Set(), failed: [] };
  const board = new AnswerBoard(deps, order, trackIds);
  const tracks = passTracks(deps.db.$client, trackIds);
  const run = async <Name extends OpenMetadataSourceName>(name: Name) => {
    const pass: SourcePass<MetadataClients[Name]> = {
      deps,
      client: clients[name],
      order,
      tracks,
      lacking: (fact) => board.lacking(name, fact),
      changed: (ids) => {
        for (const id of ids) result.changed.add(id);
      },
      progress: () => {
        onProgress();
        board.wake();
      },
    };
    try {
      await (openMetadataSources[name] as OpenMetadataSource<MetadataClients[Name]>).lookUp(pass);
    } catch (error) {
      result.failed.push(name);
      deps.log.warn("metadata source failed; asked again later", { source: name, error: String(error) });
    } finally {
      board.finished(name);
    }
    onSourceDone(result);
  };
  await Promise.all(order.filter(isOpen).map((name) => run(name)));
  return result;
}

/** Which source has answered for which song, and a wake-up for the sources waiting on earlier ones. */
class AnswerBoard {
  private readonly done = new Set<MetadataSourceName>();
  private signal = Promise.withResolvers<void>();

  constructor(
    private readonly deps: PassDeps,
    private readonly order: readonly MetadataSourceName[],
    private readonly trackIds: readonly string[],
  ) {}

  wake(): void {
    const { resolve } = this.signal;
    this.signal = Promise.withResolvers<void>();
    resolve();
  }

  finished(name: MetadataSourceName): void {
    this.done.add(name);
    this.wake();
  }

  /** The songs lacking `fact`, in batches as every earlier source of it answers (see `SourcePass.lacking`). */
  async *lacking(source: MetadataSourceName, fact: SongFact): AsyncGenerator<PassTrack[]> {
    // Spotify answers in the listener's sync, before the pass: what it has not answered yet does not hold a song
    // back (its answer, when it comes, still wins: the facts repository writes by the same order)
    const earlier = this.order
      .slice(0, this.order.indexOf(source))
      .filter((name): name is OpenMetadataSourceName => isOpen(name) && provides(name, fact));
    let waiting: readonly string[] = this.trackIds;
    while (waiting.length > 0) {
      // taken before looking, so an answer that arrives while this batch is asked about wakes the next look
      const next = this.signal.promise;
      // once every earlier source has finished, what it left unanswered waits for the next pass
      const last = earlier.every((name) => this.done.has(name));
      const answered = this.answeredByAll(earlier, waiting);
      if (answered.size > 0) {
        waiting = waiting.filter((id) => !answered.has(id));
        const ready = passTracks(this.deps.db.$client, [...answered]).filter(lacks[fact]);
        if (ready.length > 0) yield ready;
      }
      if (last) return;
      await next;
    }
  }

  private answeredByAll(sources: readonly OpenMetadataSourceName[], ids: readonly string[]): Set<string> {
    const now = this.deps.clock.now();
    let answered = new Set(ids);
    for (const name of sources) {
      const kind = openMetadataSources[name].songAnswer;
      if (answered.size === 0 || kind === null) continue;
      const left = [...answered];
      const open = new Set(askable(this.deps.db, name, kind, left, now));
      answered = new Set(left.filter((id) => !open.has(id)));
    }
    return answered;
  }
}
