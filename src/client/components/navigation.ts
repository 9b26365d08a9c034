import { firstSegment } from "../hooks/useScrollToTopOnSection.ts";

export interface NavItem {
  label: string;
  href: string;
  /** first path segments on which the item is shown as selected */
  sections: string[];
}

/** The header's links (spec §2); Playlists is the default and also selected on the empty path. */
export const mainNav: NavItem[] = [
  { label: "Playlists", href: "/playlists", sections: ["playlists", ""] },
  { label: "Plans", href: "/plans", sections: ["plans"] },
  { label: "Feedback", href: "/feedback", sections: ["feedback"] },
  { label: "FAQ", href: "/faq", sections: ["faq"] },
];

export function isSelected(item: NavItem, path: string): boolean {
  return item.sections.includes(firstSegment(path));
}
