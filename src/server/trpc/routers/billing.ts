import { SubscriptionChoiceSchema } from "../../../shared/schemas/billing.ts";
import {
  cancelSubscription,
  getCheckoutConfig,
  getPremiumPrice,
  getSubscriptionDetails,
  getUpdatePaymentMethodTransaction,
  listRunningSubscriptions,
  reactivateSubscription,
  startCheckout,
} from "../../billing/subscriptions.ts";
import { authedProcedure, publicProcedure, router } from "../core/init.ts";

export const billingRouter = router({
  /** the yearly premium price, shown to everyone on /plans */
  pricing: publicProcedure.query(({ ctx }) => getPremiumPrice(ctx.deps)),
  checkoutConfig: publicProcedure.query(({ ctx }) => getCheckoutConfig(ctx.deps)),
  subscription: authedProcedure.query(({ ctx }) => getSubscriptionDetails(ctx.deps, ctx.user.userId)),
  /** every running subscription: more than one when two checkouts went through */
  subscriptions: authedProcedure.query(({ ctx }) => listRunningSubscriptions(ctx.deps, ctx.user.userId)),
  /** asked before a checkout opens: refused (code 70) while a subscription runs */
  startCheckout: authedProcedure.mutation(({ ctx }) => startCheckout(ctx.deps, ctx.user.userId)),
  cancel: authedProcedure
    .input(SubscriptionChoiceSchema)
    .mutation(({ ctx, input }) => cancelSubscription(ctx.deps, ctx.user.userId, input?.subscriptionId)),
  reactivate: authedProcedure
    .input(SubscriptionChoiceSchema)
    .mutation(({ ctx, input }) => reactivateSubscription(ctx.deps, ctx.user.userId, input?.subscriptionId)),
  updatePaymentMethodTransaction: authedProcedure.mutation(({ ctx }) =>
    getUpdatePaymentMethodTransaction(ctx.deps, ctx.user.userId),
  ),
});
