import { combinationPage, groupBySlug } from "../../../shared/catalogue/index.ts";

/** A row of a catalogue page's Free/Premium table. */
export interface CatalogueRow {
  name: string;
  premiumOnly: boolean;
}

const combinationRows = [
  "Up to 4 genres in each criterion",
  "A decade in each criterion",
  "A mood in each criterion",
  "A nationality in each criterion",
  "Up to 20 criteria per playlist, joined by “or”",
  "Up to 20 combination playlists",
];

/** The rows of the catalogue page `/playlists/{slug}`: the group's entries, or what combinations allow. */
export function catalogueRows(slug: string): CatalogueRow[] {
  if (slug === combinationPage.slug) return combinationRows.map((name) => ({ name, premiumOnly: true }));
  return (groupBySlug(slug)?.entries ?? []).map((entry) => ({
    name: entry.name,
    premiumOnly: entry.premiumOnly,
  }));
}
