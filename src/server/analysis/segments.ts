// How an analysis segment's counts are stored: one JSON object of entry name → count, only the entries with
// songs (a 10,000-like analysis writes 20 cumulative segments; the verbose list form took several times the
// room). Reading gives the spec's list back: Data segments the entries with songs, the Completed segment every
// catalogue entry, zeros included, both in catalogue order.
import { allEntries } from "../../shared/catalogue/index.ts";
import type { AnalysisResultItem, AnalysisSegmentType } from "../../shared/schemas/distribution.ts";

export function encodeSegment(result: readonly AnalysisResultItem[]): string {
  const counts: Record<string, number> = {};
  for (const item of result)
    if (item.numberOfSongsApplicable > 0) counts[item.preferenceName] = item.numberOfSongsApplicable;
  return JSON.stringify(counts);
}

export function decodeSegment(stored: string | null, type: AnalysisSegmentType): AnalysisResultItem[] {
  if (!stored) return [];
  const parsed: unknown = JSON.parse(stored);
  // rows written before the compact form
  if (Array.isArray(parsed)) return parsed as AnalysisResultItem[];
  const counts = new Map(Object.entries(parsed as Record<string, number>));
  const items: AnalysisResultItem[] = [];
  for (const { name } of allEntries) {
    const count = counts.get(name) ?? 0;
    counts.delete(name);
    if (count > 0 || type === "Completed")
      items.push({ preferenceName: name, numberOfSongsApplicable: count });
  }
  // entries the catalogue no longer has keep their counts, after the others
  for (const [name, count] of counts) items.push({ preferenceName: name, numberOfSongsApplicable: count });
  return items;
}
