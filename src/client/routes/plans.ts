import { lazyPage } from "../lib/lazyPage.ts";
import type { AppRoute } from "../lib/route-types.ts";

/** The plans flow (spec §2 route table). */
export const plansRoutes: AppRoute[] = [
  {
    path: "/plans",
    component: lazyPage(
      () => import("../pages/plans/PlansPage.tsx"),
      (m) => m.PlansPage,
    ),
    title: "Plans",
    description: "Crate Free and Crate Premium: compare the plans and upgrade to Premium.",
  },
  {
    path: "/plans/login",
    component: lazyPage(
      () => import("../pages/plans/PlansLoginPage.tsx"),
      (m) => m.PlansLoginPage,
    ),
    title: "Sign in to upgrade",
    description: "Sign in with Spotify to upgrade to Crate Premium.",
  },
  {
    path: "/plans/success",
    component: lazyPage(
      () => import("../pages/plans/PlansSuccessPage.tsx"),
      (m) => m.PlansSuccessPage,
    ),
    title: "Welcome to Premium",
    description: "Your upgrade to Crate Premium.",
  },
  {
    path: "/plans/payment-details-updated/success",
    component: lazyPage(
      () => import("../pages/plans/PaymentDetailsUpdatedPage.tsx"),
      (m) => m.PaymentDetailsUpdatedPage,
    ),
    title: "Payment details updated",
    description: "Your payment details for Crate Premium are updated.",
  },
];
