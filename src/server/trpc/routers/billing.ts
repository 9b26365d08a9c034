import {
  cancelSubscription,
  getCheckoutConfig,
  getPremiumPrice,
  getSubscriptionDetails,
  getUpdatePaymentMethodTransaction,
  reactivateSubscription,
} from "../../billing/subscriptions.ts";
import { authedProcedure, publicProcedure, router } from "../core/init.ts";

export const billingRouter = router({
  /** the yearly premium price, shown to everyone on /plans */
  pricing: publicProcedure.query(({ ctx }) => getPremiumPrice(ctx.deps)),
  checkoutConfig: publicProcedure.query(({ ctx }) => getCheckoutConfig(ctx.deps)),
  subscription: authedProcedure.query(({ ctx }) => getSubscriptionDetails(ctx.deps, ctx.user.userId)),
  cancel: authedProcedure.mutation(({ ctx }) => cancelSubscription(ctx.deps, ctx.user.userId)),
  reactivate: authedProcedure.mutation(({ ctx }) => reactivateSubscription(ctx.deps, ctx.user.userId)),
  updatePaymentMethodTransaction: authedProcedure.mutation(({ ctx }) =>
    getUpdatePaymentMethodTransaction(ctx.deps, ctx.user.userId),
  ),
});
