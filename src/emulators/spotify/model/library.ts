// A listener's liked songs: the initial likes from the seed, changed by likes and unlikes since.
import { initialLikes, type Like } from "./listeners.ts";
import type { SameRecording } from "./recordings.ts";

export interface LikeChange {
  /** null: an initial like that was removed */
  addedAt: number | null;
  seq: number;
}

export class LikedSongs {
  private initial: Like[] | null = null;
  private initialSet: Set<number> | null = null;
  /** changes by track index, in the order they were made */
  private readonly changes = new Map<number, LikeChange>();
  private merged: Like[] | null = null;

  constructor(
    private readonly likesSeed: number,
    private readonly initialCount: number,
    private readonly trackCount: number,
    /** recordings liked both as the single and on the album */
    private readonly likedTwice: readonly SameRecording[] = [],
  ) {}

  /** Newest first; ties (same second) are broken by the later change first. */
  all(): readonly Like[] {
    if (this.merged) return this.merged;
    const added: (Like & { seq: number })[] = [];
    for (const [trackIndex, change] of this.changes) {
      if (change.addedAt !== null) added.push({ trackIndex, addedAt: change.addedAt, seq: change.seq });
    }
    added.sort((a, b) => b.addedAt - a.addedAt || b.seq - a.seq);
    const kept = this.initialLikes().filter((like) => !this.changes.has(like.trackIndex));
    this.merged = mergeNewestFirst(added, kept);
    return this.merged;
  }

  has(trackIndex: number): boolean {
    const change = this.changes.get(trackIndex);
    if (change) return change.addedAt !== null;
    return this.initialIndexes().has(trackIndex);
  }

  /** Applies a change loaded from the store or made now. */
  apply(trackIndex: number, change: LikeChange): void {
    this.changes.delete(trackIndex);
    this.changes.set(trackIndex, change);
    this.merged = null;
  }

  /** What an unlike should record: a null change for an initial like, nothing (deletion) otherwise. */
  unlikeChange(trackIndex: number, seq: number): LikeChange | null {
    return this.initialIndexes().has(trackIndex) ? { addedAt: null, seq } : null;
  }

  forget(trackIndex: number): void {
    this.changes.delete(trackIndex);
    this.merged = null;
  }

  newestAddedAt(): number {
    return this.all()[0]?.addedAt ?? 0;
  }

  private initialLikes(): Like[] {
    this.initial ??= initialLikes(this.likesSeed, this.initialCount, this.trackCount, this.likedTwice);
    return this.initial;
  }

  private initialIndexes(): Set<number> {
    this.initialSet ??= new Set(this.initialLikes().map((l) => l.trackIndex));
    return this.initialSet;
  }
}

function mergeNewestFirst(a: readonly Like[], b: readonly Like[]): Like[] {
  const out: Like[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x && (!y || x.addedAt >= y.addedAt)) {
      out.push({ trackIndex: x.trackIndex, addedAt: x.addedAt });
      i++;
    } else if (y) {
      out.push(y);
      j++;
    }
  }
  return out;
}
