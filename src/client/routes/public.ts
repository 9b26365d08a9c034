import { lazyPage } from "../lib/lazyPage.ts";
import type { AppRoute } from "../lib/route-types.ts";
import { cataloguePages } from "../pages/public/catalogueSlugs.ts";

const CataloguePage = lazyPage(
  () => import("../pages/public/CataloguePage.tsx"),
  (m) => m.CataloguePage,
);

/** `/` for logged-out visitors (App.tsx picks the playlists screen for signed-in ones). */
export const landingRoute: AppRoute = {
  path: "/",
  component: lazyPage(
    () => import("../pages/public/LandingPage.tsx"),
    (m) => m.LandingPage,
  ),
  title: "Playlists from your liked songs",
  description:
    "Crate turns your liked songs on Spotify into playlists by mood, genre, decade, nationality and more, and keeps them up to date.",
};

export const notFoundRoute: AppRoute = {
  path: "*",
  component: lazyPage(
    () => import("../pages/public/NotFoundPage.tsx"),
    (m) => m.NotFoundPage,
  ),
  title: "Page not found",
  description: "The page you are looking for does not exist.",
};

export const publicRoutes: AppRoute[] = [
  landingRoute,
  {
    path: "/login",
    component: lazyPage(
      () => import("../pages/public/LoginPage.tsx"),
      (m) => m.LoginPage,
    ),
    title: "Sign in",
    description: "Sign in with your Spotify account to get started with Crate.",
  },
  {
    path: "/no-capacity",
    component: lazyPage(
      () => import("../pages/public/NoCapacityPage.tsx"),
      (m) => m.NoCapacityPage,
    ),
    title: "Come back later",
    description: "Crate lets a certain number of new listeners join every day.",
  },
  {
    path: "/faq",
    component: lazyPage(
      () => import("../pages/public/FaqPage.tsx"),
      (m) => m.FaqPage,
    ),
    title: "FAQ",
    description:
      "Answers about Crate's plans, how playlists are kept up to date, and what to do about errors.",
  },
  {
    path: "/policies",
    component: lazyPage(
      () => import("../pages/public/policies/PoliciesIndexPage.tsx"),
      (m) => m.PoliciesIndexPage,
    ),
    title: "Policies",
    description: "Crate's terms, privacy policy, refund and cancellation policies and open-source licenses.",
  },
  {
    path: "/policies/terms",
    component: lazyPage(
      () => import("../pages/public/policies/TermsPage.tsx"),
      (m) => m.TermsPage,
    ),
    title: "Terms of service",
    description:
      "The terms for using Crate: a service for private, non-professional use, operated from Denmark.",
  },
  {
    path: "/policies/privacy-policy",
    component: lazyPage(
      () => import("../pages/public/policies/PrivacyPolicyPage.tsx"),
      (m) => m.PrivacyPolicyPage,
    ),
    title: "Privacy policy",
    description: "What Crate stores about you, why, for how long, and how to see or delete it.",
  },
  {
    path: "/policies/refund-policy",
    component: lazyPage(
      () => import("../pages/public/policies/RefundPolicyPage.tsx"),
      (m) => m.RefundPolicyPage,
    ),
    title: "Refund policy",
    description: "When and how a payment for Crate Premium is refunded.",
  },
  {
    path: "/policies/cancellation-policy",
    component: lazyPage(
      () => import("../pages/public/policies/CancellationPolicyPage.tsx"),
      (m) => m.CancellationPolicyPage,
    ),
    title: "Cancellation policy",
    description: "How to cancel Crate Premium and what happens to your playlists afterwards.",
  },
  {
    path: "/policies/licenses",
    component: lazyPage(
      () => import("../pages/public/policies/LicensesPage.tsx"),
      (m) => m.LicensesPage,
    ),
    title: "Licenses",
    description: "The open-source packages Crate ships with and their licenses.",
  },
  // Each catalogue slug is registered on its own so /playlists/combinations etc. stay with the playlists area.
  ...cataloguePages.map((page) => ({
    path: `/playlists/${page.slug}`,
    component: CataloguePage,
    title: `${page.title} playlists`,
    description: page.description,
  })),
];
