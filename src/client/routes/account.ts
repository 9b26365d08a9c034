import { lazyPage } from "../lib/lazyPage.ts";
import type { AppRoute } from "../lib/route-types.ts";

/** Settings, my data, deletion and feedback (spec §2 route table). */
export const accountRoutes: AppRoute[] = [
  {
    path: "/settings",
    component: lazyPage(
      () => import("../pages/settings/SettingsPage.tsx"),
      (m) => m.SettingsPage,
    ),
    title: "Settings",
    description: "Choose how Crate names your playlists and whether they show on your Spotify profile.",
  },
  {
    path: "/settings/my-data",
    component: lazyPage(
      () => import("../pages/settings/MyDataPage.tsx"),
      (m) => m.MyDataPage,
    ),
    title: "My data",
    description: "Everything Crate stores about you.",
  },
  {
    path: "/settings/data-deleted",
    component: lazyPage(
      () => import("../pages/settings/DataDeletedPage.tsx"),
      (m) => m.DataDeletedPage,
    ),
    title: "Data deleted",
    description: "Your data has been deleted from Crate.",
  },
  {
    path: "/feedback",
    component: lazyPage(
      () => import("../pages/feedback/FeedbackPage.tsx"),
      (m) => m.FeedbackPage,
    ),
    title: "Feedback",
    description: "Tell the people behind Crate what you think.",
  },
  {
    path: "/feedback/success",
    component: lazyPage(
      () => import("../pages/feedback/FeedbackSuccessPage.tsx"),
      (m) => m.FeedbackSuccessPage,
    ),
    title: "Thank you",
    description: "Thank you for your feedback.",
  },
  {
    path: "/feedback/policy",
    component: lazyPage(
      () => import("../pages/feedback/FeedbackPolicyPage.tsx"),
      (m) => m.FeedbackPolicyPage,
    ),
    title: "Unsolicited idea submission policy",
    description: "The terms on which Crate receives feedback and ideas.",
  },
];
