// Counting, per catalogue entry, the considered songs its playlists would hold: each entry's rule judged by the
// one evaluator, chunk by chunk. Pure.
import type { CatalogueEntry } from "../../shared/catalogue/index.ts";
import { admittedBySplit, heldCount } from "../../shared/rules/arrangement.ts";
import { indexByCategory, passingSongs } from "../../shared/rules/evaluate.ts";
import type { RuleMoment, SongFacts } from "../../shared/rules/model.ts";
import type { AnalysisResultItem } from "../../shared/schemas/distribution.ts";
import { DEFAULT_TIME_ZONE } from "../../shared/time-zone.ts";

interface EntryCount {
  entry: CatalogueEntry;
  passing: number;
  /** AddRecordingOnce: the recordings counted so far for this entry */
  recordings: Set<string> | null;
}

export class AnalysisCounter {
  private readonly counts: EntryCount[];
  private readonly moment: RuleMoment;

  /** `timeZone`: the listener's, so "this month" is their calendar month (UTC if absent). */
  constructor(
    entries: readonly CatalogueEntry[],
    now: number,
    options: { addRecordingOnce?: boolean; timeZone?: string } = {},
  ) {
    this.moment = { now, timeZone: options.timeZone ?? DEFAULT_TIME_ZONE };
    this.counts = entries.map((entry) => ({
      entry,
      passing: 0,
      recordings: options.addRecordingOnce ? new Set() : null,
    }));
  }

  add(songs: readonly SongFacts[]): void {
    const index = indexByCategory(songs);
    const { now, timeZone } = this.moment;
    for (const count of this.counts) {
      const rule = count.entry.rule;
      // Selected now, Starting From Current Month would only take likes from this month on.
      const passing = admittedBySplit(
        rule.split,
        passingSongs(rule, songs, this.moment, index),
        now,
        timeZone,
      );
      for (const song of passing) if (!isRepeat(count, song)) count.passing += 1;
    }
  }

  /** Counts so far; entries with no song are left out unless `includeZero`. */
  result(includeZero: boolean): AnalysisResultItem[] {
    const items: AnalysisResultItem[] = [];
    for (const { entry, passing } of this.counts) {
      const numberOfSongsApplicable = heldCount(entry.rule, passing);
      if (includeZero || numberOfSongsApplicable > 0)
        items.push({ preferenceName: entry.name, numberOfSongsApplicable });
    }
    return items;
  }
}

/**
 * With AddRecordingOnce, a song whose recording this entry counted before is not counted again (a remaster in
 * another decade still counts there). Records the recording as counted.
 */
function isRepeat(count: EntryCount, song: SongFacts): boolean {
  if (!count.recordings || !song.isrc) return false;
  if (count.recordings.has(song.isrc)) return true;
  count.recordings.add(song.isrc);
  return false;
}
