import { Badge, Button, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { CreditCard, History, Sparkles } from "lucide-react";
import { type ReactNode, useState } from "react";
import { messages } from "../../../shared/errors.ts";
import { hasLegacyPlan, isPremiumMember, type MembershipLevel } from "../../../shared/membership.ts";
import type { CheckoutConfig, SubscriptionDetails } from "../../../shared/schemas/billing.ts";
import { trpc } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { ErrorText } from "../../components/ErrorText.tsx";
import { openPaymentDetailsCheckout } from "./checkout.ts";
import { formatDate, formatPrice } from "./format.ts";

function Panel({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Card.Root variant="subtle" bg="brand.subtle" borderRadius="2xl" mb="10" data-testid={testId}>
      <Card.Body gap="4" p={{ base: "6", md: "8" }}>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function PanelTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="2">
      {icon}
      <Text as="h2" textStyle="xl" fontWeight="bold">
        {children}
      </Text>
    </HStack>
  );
}

function LegacyPanel() {
  return (
    <Panel testId="legacy-plan-panel">
      <PanelTitle icon={<History size={20} aria-hidden />}>Your plan: Legacy</PanelTitle>
      <Text>
        You joined before Premium existed, so your plan keeps the same features you had then, including
        combination playlists. It does not include the new premium features.
      </Text>
      <Text color="fg.muted" textStyle="sm">
        This legacy plan may be changed or removed in the future.
      </Text>
    </Panel>
  );
}

function SubscriptionPanel({
  details,
  checkout,
}: {
  details: SubscriptionDetails;
  checkout: CheckoutConfig;
}) {
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  const reload = () => window.location.reload();
  const fail = () => setFailed(true);
  const cancel = trpc.billing.cancel.useMutation({ onSuccess: reload, onError: fail });
  const reactivate = trpc.billing.reactivate.useMutation({ onSuccess: reload, onError: fail });
  const paymentDetails = trpc.billing.updatePaymentMethodTransaction.useMutation({
    onSuccess: ({ transactionId }) => openPaymentDetailsCheckout(checkout, transactionId).catch(fail),
    onError: fail,
  });
  const busy = cancel.isPending || reactivate.isPending || paymentDetails.isPending;
  const active = details.status === "Active";
  const periodEnds = formatDate(details.currentBillingPeriodEnds);
  const nextBilling = formatDate(details.nextBillingDate);

  return (
    <Panel testId="subscription-panel">
      <HStack gap="2" justify="space-between" wrap="wrap">
        <PanelTitle icon={<Sparkles size={20} aria-hidden />}>Your plan: Premium</PanelTitle>
        <Badge colorPalette={active ? "green" : "orange"} data-testid="subscription-status">
          {active ? "Active" : "Being cancelled"}
        </Badge>
      </HStack>
      <Text fontWeight="medium" data-testid="subscription-status-text">
        {active ? messages.subscriptionActive : messages.subscriptionBeingCancelled}
      </Text>
      <Stack gap="1" textStyle="sm" color="fg.muted">
        {active && nextBilling ? (
          <Text>
            Next billing date: {nextBilling}
            {details.recurringFeeAmount ? ` (${formatPrice(details.recurringFeeAmount)} a year)` : ""}
          </Text>
        ) : null}
        {!active && periodEnds ? <Text>Premium ends on {periodEnds}.</Text> : null}
      </Stack>
      <HStack gap="3" wrap="wrap">
        <Button
          variant="outline"
          bg="bg.panel"
          onClick={() => {
            setFailed(false);
            paymentDetails.mutate();
          }}
          loading={paymentDetails.isPending}
          disabled={busy}
          data-testid="change-payment-details"
        >
          <CreditCard size={16} aria-hidden />
          Change payment details
        </Button>
        {active ? (
          <Button
            variant="outline"
            colorPalette="red"
            bg="bg.panel"
            onClick={() => {
              setFailed(false);
              setConfirming(true);
            }}
            disabled={busy}
            data-testid="cancel-subscription"
          >
            Cancel subscription
          </Button>
        ) : (
          <Button
            colorPalette="brand"
            onClick={() => {
              setFailed(false);
              reactivate.mutate();
            }}
            loading={reactivate.isPending}
            disabled={busy}
            data-testid="reactivate-subscription"
          >
            Re-activate subscription
          </Button>
        )}
      </HStack>
      {failed ? <ErrorText text={messages.unexpectedPaymentError} /> : null}
      <ConfirmDialog
        open={confirming}
        title="Cancel subscription"
        message={messages.cancelConfirm}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep Premium"
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Panel>
  );
}

export interface CurrentPlanPanelProps {
  level: MembershipLevel;
  /** the subscription, null when the user has none (for example Premium given by an admin) */
  subscription: SubscriptionDetails | null;
  checkout: CheckoutConfig;
}

/** The current-plan panel by membership level; hidden for Free and for a cancelled subscription. */
export function CurrentPlanPanel({ level, subscription, checkout }: CurrentPlanPanelProps) {
  if (hasLegacyPlan(level)) return <LegacyPanel />;
  if (!isPremiumMember(level)) return null;
  if (!subscription) {
    return (
      <Panel testId="premium-panel">
        <PanelTitle icon={<Sparkles size={20} aria-hidden />}>Your plan: Premium</PanelTitle>
        <Text>You have every premium feature. There is no subscription to manage.</Text>
      </Panel>
    );
  }
  if (subscription.status === "Cancelled") return null;
  return <SubscriptionPanel details={subscription} checkout={checkout} />;
}
