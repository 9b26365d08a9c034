import { catalogue, combinationPage } from "../../../shared/catalogue/index.ts";

export interface CataloguePageInfo {
  slug: string;
  title: string;
  description: string;
  iconName: string;
  premiumOnly: boolean;
  /** rows of the Free/Premium table */
  rows: { name: string; premiumOnly: boolean }[];
}

const combinationRows = [
  "Up to 4 genres in each criterion",
  "A decade in each criterion",
  "A mood in each criterion",
  "A nationality in each criterion",
  "Up to 20 criteria per playlist, joined by “or”",
  "Up to 20 combination playlists",
];

/** The ten catalogue pages `/playlists/{slug}` (spec §2 route table), in catalogue order. */
export const cataloguePages: CataloguePageInfo[] = [
  ...catalogue
    .filter((group) => group.hasPage)
    .map((group) => ({
      slug: group.slug,
      title: group.title,
      description: group.description,
      iconName: group.iconName,
      premiumOnly: group.premiumOnly,
      rows: group.entries.map((entry) => ({ name: entry.name, premiumOnly: entry.premiumOnly })),
    })),
  {
    slug: combinationPage.slug,
    title: combinationPage.title,
    description: combinationPage.description,
    iconName: "dots",
    premiumOnly: combinationPage.premiumOnly,
    rows: combinationRows.map((name) => ({ name, premiumOnly: true })),
  },
];

export const cataloguePageBySlug = (slug: string): CataloguePageInfo | undefined =>
  cataloguePages.find((page) => page.slug === slug);
