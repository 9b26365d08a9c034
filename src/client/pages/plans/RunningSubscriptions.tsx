import { Badge, Button, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { messages } from "../../../shared/errors.ts";
import type { OwnedSubscription } from "../../../shared/schemas/billing.ts";
import { trpc } from "../../api/trpc.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { ErrorText } from "../../components/ErrorText.tsx";
import { formatDate, formatPrice } from "./format.ts";

/**
 * Shown when Paddle runs more than one subscription for the listener (two checkouts went through at once):
 * each one, with its own cancel, so the listener can keep one and stop the other.
 */
export function RunningSubscriptions({ subscriptions }: { subscriptions: OwnedSubscription[] }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const cancel = trpc.billing.cancel.useMutation({ onSuccess: () => window.location.reload() });
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl" mb="10" data-testid="running-subscriptions">
      <Card.Body gap="4" p={{ base: "6", md: "8" }}>
        <Text as="h2" textStyle="xl" fontWeight="bold">
          You have {subscriptions.length} Premium subscriptions
        </Text>
        <Text>
          More than one checkout went through, so you are billed for each of these. Cancel the ones you do not
          need; one subscription is enough for every Premium feature.
        </Text>
        <Stack gap="3">
          {subscriptions.map((sub, i) => {
            const active = sub.status === "Active";
            const next = formatDate(sub.nextBillingDate);
            const ends = formatDate(sub.currentBillingPeriodEnds);
            return (
              <HStack
                key={sub.id}
                justify="space-between"
                wrap="wrap"
                gap="3"
                borderWidth="1px"
                borderRadius="lg"
                p="4"
                data-testid="running-subscription"
              >
                <Stack gap="1">
                  <HStack gap="2">
                    <Text fontWeight="medium">Subscription {i + 1}</Text>
                    <Badge colorPalette={active ? "green" : "orange"}>
                      {active ? "Active" : "Being cancelled"}
                    </Badge>
                  </HStack>
                  <Text textStyle="sm" color="fg.muted">
                    {active && next
                      ? `Next billing date: ${next}${sub.recurringFeeAmount ? ` (${formatPrice(sub.recurringFeeAmount)} a year)` : ""}`
                      : ends
                        ? `Ends on ${ends}.`
                        : ""}
                  </Text>
                </Stack>
                {active ? (
                  <Button
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setConfirming(sub.id)}
                    disabled={cancel.isPending}
                    data-testid="cancel-running-subscription"
                  >
                    Cancel this subscription
                  </Button>
                ) : null}
              </HStack>
            );
          })}
        </Stack>
        {cancel.isError ? <ErrorText text={messages.unexpectedPaymentError} /> : null}
        <ConfirmDialog
          open={confirming !== null}
          title="Cancel subscription"
          message={messages.cancelConfirm}
          confirmLabel="Cancel subscription"
          cancelLabel="Keep it"
          destructive
          pending={cancel.isPending}
          onConfirm={() =>
            confirming &&
            cancel.mutate({ subscriptionId: confirming }, { onSettled: () => setConfirming(null) })
          }
          onCancel={() => setConfirming(null)}
        />
      </Card.Body>
    </Card.Root>
  );
}
