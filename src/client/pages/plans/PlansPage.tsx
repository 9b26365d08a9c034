import { Card, Circle, Stack, Text } from "@chakra-ui/react";
import { CloudOff } from "lucide-react";
import { ErrorCode, messages } from "../../../shared/errors.ts";
import { limits } from "../../../shared/limits.ts";
import { isPremiumMember } from "../../../shared/membership.ts";
import { errorCodeOf } from "../../api/errors.ts";
import { trpc } from "../../api/trpc.ts";
import { Layout } from "../../components/Layout.tsx";
import { PageSpinner } from "../../components/PageSpinner.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { useSession } from "../../hooks/useSession.ts";
import { CurrentPlanPanel } from "./CurrentPlanPanel.tsx";
import { FeatureTable } from "./FeatureTable.tsx";
import { PlanCards } from "./PlanCards.tsx";
import { RunningSubscriptions } from "./RunningSubscriptions.tsx";

function PlansUnavailable({ notOffered = false }: { notOffered?: boolean }) {
  return (
    <Layout width="narrow" flex="1" display="flex" alignItems="center">
      <Card.Root
        w="full"
        variant="outline"
        bg="bg.panel"
        borderRadius="2xl"
        data-testid={notOffered ? "premium-not-offered" : "plans-unavailable"}
      >
        <Card.Body p={{ base: "7", md: "10" }} gap="4" alignItems="center" textAlign="center">
          <Circle size="14" bg="bg.muted" color="fg.muted">
            <CloudOff size={26} aria-hidden />
          </Circle>
          <Text as="h1" textStyle="2xl" fontWeight="bold">
            {notOffered ? messages.premiumNotOffered : messages.plansUnavailable}
          </Text>
          <Text color="fg.muted">
            {notOffered
              ? "Every playlist kind of the Free plan is yours to use."
              : "Please try again in a little while."}
          </Text>
          <AppLink href="/faq" color="brand.fg">
            Read the FAQ
          </AppLink>
        </Card.Body>
      </Card.Root>
    </Layout>
  );
}

/** `/plans`: the current-plan panel, the Free and Premium cards with the server's price, and the feature table. */
export function PlansPage() {
  const session = useSession();
  const premium = session.status === "loggedIn" && isPremiumMember(session.membershipLevel);
  const checkout = trpc.billing.checkoutConfig.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const offered = checkout.data?.premium === true;
  const price = trpc.billing.pricing.useQuery(undefined, { staleTime: 5 * 60_000, enabled: offered });
  const subscription = trpc.billing.subscription.useQuery(undefined, { enabled: premium, staleTime: 0 });
  const running = trpc.billing.subscriptions.useQuery(undefined, {
    enabled: premium && subscription.isSuccess,
    staleTime: 0,
  });

  if (checkout.data && !offered) return <PlansUnavailable notOffered />;
  // A premium user without a subscription (Premium given by an admin) is not a failure to load.
  const noSubscription = subscription.isError && errorCodeOf(subscription.error) === ErrorCode.NotFound;
  if (price.isError || checkout.isError || (subscription.isError && !noSubscription))
    return <PlansUnavailable />;
  if (!price.data || !checkout.data || (premium && subscription.isPending)) return <PageSpinner />;

  return (
    <Layout
      heading={{
        eyebrow: "Plans",
        title: "Choose your plan",
        subtitle: `Start for free. Go Premium for every playlist kind, all of your liked songs and up to ${limits.premiumPlaylists} playlists.`,
      }}
    >
      {running.data && running.data.length > 1 ? <RunningSubscriptions subscriptions={running.data} /> : null}
      <CurrentPlanPanel
        level={session.membershipLevel}
        subscription={subscription.data ?? null}
        checkout={checkout.data}
      />
      <Stack gap="12">
        <PlanCards
          price={price.data}
          checkout={checkout.data}
          level={session.membershipLevel}
          userId={session.userId}
        />
        <Stack gap="4">
          <Text as="h2" textStyle="2xl" fontWeight="bold">
            Compare the plans
          </Text>
          <FeatureTable />
        </Stack>
      </Stack>
    </Layout>
  );
}
