/** The policy sub-pages of `/policies`, in the order of the route table, with their last-modified dates (spec §9). */
export const policyPages = [
  {
    slug: "terms",
    title: "Terms of service",
    summary: "The agreement between you and Crate: what the service is and how it may be used.",
    lastModified: "25 April 2025",
  },
  {
    slug: "privacy-policy",
    title: "Privacy policy",
    summary: "What Crate stores about you, why, for how long, and your rights.",
    lastModified: "10 May 2025",
  },
  {
    slug: "refund-policy",
    title: "Refund policy",
    summary: "When and how a Premium payment is refunded.",
    lastModified: "21 October 2023",
  },
  {
    slug: "cancellation-policy",
    title: "Cancellation policy",
    summary: "How to cancel Premium and what happens to your playlists afterwards.",
    lastModified: "30 August 2023",
  },
  {
    slug: "licenses",
    title: "Licenses",
    summary: "The open-source packages Crate is built with, and their licenses.",
    lastModified: undefined,
  },
] as const;

export type PolicySlug = (typeof policyPages)[number]["slug"];

export const policyPage = (slug: PolicySlug) => policyPages.find((page) => page.slug === slug);

export const operator = {
  name: "Crate ApS",
  country: "Denmark",
  description: "a private limited company registered in Denmark",
} as const;
