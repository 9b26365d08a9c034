// A listener's two identifiers on Spotify: `id` (the user id, which Spotify may change, e.g. when a user
// renames a legacy username) and `account_id` (immutable, for account linking; sent by /me since May 2026).
// Listeners stay keyed by the id they were created with; a rename changes only what the Web API shows.
import { base62Id, hashText } from "./random.ts";
import type { StateStore } from "./store.ts";

const META_KEY = "renamedUsers";

export class UserIds {
  private readonly renamed: Map<string, string>;

  constructor(
    private readonly seed: number,
    private readonly store: StateStore,
    saved: string | undefined,
  ) {
    this.renamed = new Map(parseSaved(saved));
  }

  /** The Spotify user id the Web API shows for a listener. */
  spotifyId(listenerId: string): string {
    return this.renamed.get(listenerId) ?? listenerId;
  }

  /** Stable per listener, whatever their id becomes, and never equal to it. */
  accountId(listenerId: string): string {
    return base62Id(this.seed, 11, hashText(listenerId)).slice(0, 10);
  }

  /** The listener whose current Spotify id is `spotifyId`, if any. */
  listenerWith(spotifyId: string, listenerIds: Iterable<string>): string | undefined {
    for (const id of listenerIds) if (this.spotifyId(id) === spotifyId) return id;
    return undefined;
  }

  rename(listenerId: string, spotifyId: string): void {
    if (spotifyId === listenerId) this.renamed.delete(listenerId);
    else this.renamed.set(listenerId, spotifyId);
    this.store.setMeta(META_KEY, JSON.stringify([...this.renamed]));
  }
}

function parseSaved(saved: string | undefined): [string, string][] {
  if (saved === undefined) return [];
  try {
    const value = JSON.parse(saved) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (pair): pair is [string, string] =>
        Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string",
    );
  } catch {
    return [];
  }
}
