// The catalogue pages as the routes know them: group descriptions only. The rows of each page's table come from
// the whole catalogue (catalogueRows.ts), which only the catalogue page's chunk carries.
import { catalogueGroups, combinationPage } from "../../../shared/catalogue/groups.ts";

export interface CataloguePageInfo {
  slug: string;
  title: string;
  description: string;
  iconName: string;
  premiumOnly: boolean;
}

/** The ten catalogue pages `/playlists/{slug}` (spec §2 route table), in catalogue order. */
export const cataloguePages: CataloguePageInfo[] = [
  ...catalogueGroups
    .filter((group) => group.hasPage)
    .map((group) => ({
      slug: group.slug,
      title: group.title,
      description: group.description,
      iconName: group.iconName,
      premiumOnly: group.premiumOnly,
    })),
  {
    slug: combinationPage.slug,
    title: combinationPage.title,
    description: combinationPage.description,
    iconName: "dots",
    premiumOnly: combinationPage.premiumOnly,
  },
];

export const cataloguePageBySlug = (slug: string): CataloguePageInfo | undefined =>
  cataloguePages.find((page) => page.slug === slug);
