// Counting, per catalogue entry, the considered songs its playlists would hold. Pure.
import type { CatalogueEntry } from "../../shared/catalogue/index.ts";
import type { AnalysisResultItem } from "../../shared/schemas/distribution.ts";
import { kindOfEntry, type PreferenceKind } from "../distribution/plan/preference-kinds.ts";
import type { PlannedSong } from "../distribution/plan/preference-plan.ts";
import { monthKeyIn } from "../library/liked-at.ts";

export class AnalysisCounter {
  private readonly byCategory = new Map<string, number>();
  private total = 0;
  private fromThisMonth = 0;
  private readonly kinds: { name: string; kind: PreferenceKind }[];
  private readonly currentMonth: string;
  /** AddRecordingOnce: the recordings counted so far, for all songs and per category */
  private readonly recordings: { all: Set<string>; byCategory: Map<string, Set<string>> } | null;

  /** `timeZone`: the listener's, so "this month" is their calendar month (UTC if absent). */
  private readonly timeZone: string | undefined;

  constructor(
    entries: readonly CatalogueEntry[],
    now: number,
    options: { addRecordingOnce?: boolean; timeZone?: string } = {},
  ) {
    this.kinds = entries.map((entry) => ({ name: entry.name, kind: kindOfEntry(entry) }));
    this.timeZone = options.timeZone;
    this.currentMonth = monthKeyIn(now, options.timeZone);
    this.recordings = options.addRecordingOnce ? { all: new Set(), byCategory: new Map() } : null;
  }

  add(songs: readonly PlannedSong[]): void {
    for (const song of songs) {
      if (!this.isRepeat(song, null)) {
        this.total += 1;
        if (monthKeyIn(song.likedAt, this.timeZone) >= this.currentMonth) this.fromThisMonth += 1;
      }
      for (const category of song.categories) {
        if (this.isRepeat(song, category)) continue;
        this.byCategory.set(category, (this.byCategory.get(category) ?? 0) + 1);
      }
    }
  }

  /**
   * With AddRecordingOnce, a song whose recording was counted before (in the category, or at all) is not
   * counted again; a remaster in another decade still counts there. Records the recording as counted.
   */
  private isRepeat(song: PlannedSong, category: string | null): boolean {
    if (!this.recordings || !song.isrc) return false;
    let seen = this.recordings.all;
    if (category !== null) {
      const known = this.recordings.byCategory.get(category);
      seen = known ?? new Set();
      if (!known) this.recordings.byCategory.set(category, seen);
    }
    if (seen.has(song.isrc)) return true;
    seen.add(song.isrc);
    return false;
  }

  private countFor(name: string, kind: PreferenceKind): number {
    switch (kind.type) {
      case "classified":
        return this.byCategory.get(name) ?? 0;
      case "likedAt":
        // Selected now, Starting From Current Month would only take likes from this month on.
        return kind.period === "monthFromSelection" ? this.fromThisMonth : this.total;
      case "latest":
      case "random":
        return Math.min(kind.size, this.total);
      case "everything":
      case "partition":
        return this.total;
    }
  }

  /** Counts so far; entries with no song are left out unless `includeZero`. */
  result(includeZero: boolean): AnalysisResultItem[] {
    const items: AnalysisResultItem[] = [];
    for (const { name, kind } of this.kinds) {
      const numberOfSongsApplicable = this.countFor(name, kind);
      if (includeZero || numberOfSongsApplicable > 0)
        items.push({ preferenceName: name, numberOfSongsApplicable });
    }
    return items;
  }
}
