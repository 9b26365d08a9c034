import { Badge, Button, Card, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Check, Sparkles } from "lucide-react";
import { useState } from "react";
import { ErrorCode, messages } from "../../../shared/errors.ts";
import { freePlanTexts } from "../../../shared/free-plan.ts";
import { limits } from "../../../shared/limits.ts";
import { isNonFree, isPremiumMember, type MembershipLevel } from "../../../shared/membership.ts";
import type { CheckoutConfig, PriceInfo } from "../../../shared/schemas/billing.ts";
import { errorCodeOf } from "../../api/errors.ts";
import { trpc } from "../../api/trpc.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { LinkButton } from "../../components/RouterLink.tsx";
import { openUpgradeCheckout } from "./checkout.ts";
import { formatPrice } from "./format.ts";

const freePoints = [
  `Up to ${limits.freePlaylists} playlists`,
  freePlanTexts.planLine,
  "Mood, genre, subgenre, decade, nationality and tempo",
];
const premiumPoints = [
  `Up to ${limits.premiumPlaylists} playlists`,
  "All of your liked songs",
  "Every playlist kind, including Liked At, Randomized, Latest Liked Songs and Miscellaneous",
  `Combination playlists (up to ${limits.maxCombinations})`,
];

function Points({ items }: { items: string[] }) {
  return (
    <Stack gap="2.5">
      {items.map((item) => (
        <HStack key={item} gap="2.5" align="start">
          <Text as="span" color="brand.fg" mt="0.5">
            <Check size={16} aria-hidden />
          </Text>
          <Text textStyle="sm">{item}</Text>
        </HStack>
      ))}
    </Stack>
  );
}

export interface PlanCardsProps {
  price: PriceInfo;
  checkout: CheckoutConfig;
  level: MembershipLevel;
  /** null when signed out */
  userId: string | null;
}

/** The Free and Premium cards, with the server's price and the upgrade button. */
export function PlanCards({ price, checkout, level, userId }: PlanCardsProps) {
  const [requested, setRequested] = useState(false);
  const [failed, setFailed] = useState(false);
  /** the error code of a refused checkout start */
  const [refusal, setRefusal] = useState<number | null>(null);
  const start = trpc.billing.startCheckout.useMutation();
  const premium = isPremiumMember(level);

  const upgrade = async () => {
    if (!userId) return;
    setFailed(false);
    setRefusal(null);
    try {
      // The server refuses a second checkout while a subscription runs (another tab may have bought one).
      await start.mutateAsync();
    } catch (err) {
      setRefusal(errorCodeOf(err));
      return;
    }
    setRequested(true);
    try {
      await openUpgradeCheckout(checkout, userId);
    } catch {
      setFailed(true);
    }
  };

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
      <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl" data-testid="plan-free">
        <Card.Body gap="5" p={{ base: "6", md: "8" }}>
          <HStack justify="space-between">
            <Text as="h2" textStyle="2xl" fontWeight="bold">
              Free
            </Text>
            {!isNonFree(level) && userId ? <Badge colorPalette="gray">Your plan</Badge> : null}
          </HStack>
          <Text textStyle="3xl" fontWeight="800">
            {formatPrice({ amount: "0", currency: price.currency })}
          </Text>
          <Points items={freePoints} />
        </Card.Body>
      </Card.Root>
      <Card.Root
        variant="outline"
        bg="bg.panel"
        borderRadius="2xl"
        borderColor="brand.border"
        borderWidth="2px"
        data-testid="plan-premium"
      >
        <Card.Body gap="5" p={{ base: "6", md: "8" }}>
          <HStack justify="space-between">
            <HStack gap="2">
              <Sparkles size={20} aria-hidden />
              <Text as="h2" textStyle="2xl" fontWeight="bold">
                Premium
              </Text>
            </HStack>
            {premium ? <Badge colorPalette="brand">Your plan</Badge> : null}
          </HStack>
          <Stack gap="1">
            <Text textStyle="3xl" fontWeight="800" data-testid="premium-price">
              {formatPrice(price)}
              <Text as="span" textStyle="md" fontWeight="medium" color="fg.muted">
                {" "}
                / year
              </Text>
            </Text>
            <Text textStyle="sm" color="fg.muted">
              Billed yearly, renews automatically. Cancel at least {limits.cancelNoticeHours} hours before the
              billing date to stop the next charge.
            </Text>
          </Stack>
          <Points items={premiumPoints} />
          {premium ? null : userId ? (
            <Button
              colorPalette="brand"
              size="lg"
              onClick={upgrade}
              loading={start.isPending}
              data-testid="upgrade-button"
            >
              Upgrade to Premium
            </Button>
          ) : (
            <LinkButton href="/plans/login" colorPalette="brand" size="lg" data-testid="upgrade-button">
              Upgrade to Premium
            </LinkButton>
          )}
          {refusal !== null ? (
            <ErrorText
              code={refusal}
              text={refusal === ErrorCode.SubscriptionRunning ? undefined : messages.unexpectedPaymentError}
            />
          ) : null}
          {failed ? <ErrorText text={messages.noCheckoutPopup} /> : null}
          {requested && !failed ? (
            <Text textStyle="sm" color="fg.muted" data-testid="no-checkout-text">
              {messages.noCheckoutPopup}
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
