import { Circle, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { PartyPopper } from "lucide-react";
import { useEffect, useState } from "react";
import { limits } from "../../../shared/limits.ts";
import { isPremiumMember } from "../../../shared/membership.ts";
import { trpc } from "../../api/trpc.ts";
import { Layout } from "../../components/Layout.tsx";
import { LoginPrompt } from "../../components/LoginPrompt.tsx";
import { AppLink, LinkButton } from "../../components/RouterLink.tsx";
import { useSession } from "../../hooks/useSession.ts";
import { site } from "../../lib/site.ts";

type PollState = "checking" | "confirmed" | "notYet";

/** Reads the membership once a second, up to 10 times, until the payment has made the user PremiumYearly. */
function usePremiumConfirmation(enabled: boolean): PollState {
  const utils = trpc.useUtils();
  const [state, setState] = useState<PollState>("checking");
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const tick = async () => {
      tries += 1;
      try {
        const { membershipLevel } = await utils.client.user.membershipLevel.query();
        if (stopped) return;
        if (isPremiumMember(membershipLevel)) {
          setState("confirmed");
          void utils.user.me.invalidate();
          return;
        }
      } catch {
        // a failed read counts as a try
      }
      if (stopped) return;
      if (tries >= limits.paymentPollTries) setState("notYet");
      else timer = setTimeout(tick, limits.paymentPollMs);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [enabled, utils]);
  return state;
}

/** `/plans/success`: confirms the upgrade once the payment is registered, and links to /playlists. */
export function PlansSuccessPage() {
  const session = useSession();
  const state = usePremiumConfirmation(session.status === "loggedIn");
  if (session.status !== "loggedIn") {
    return (
      <Layout width="narrow">
        <LoginPrompt text="Please sign in to see your plan." fromPlans />
      </Layout>
    );
  }
  return (
    <Layout width="narrow" flex="1" display="flex" alignItems="center">
      <Stack
        gap="6"
        align="center"
        textAlign="center"
        w="full"
        data-testid="plans-success"
        data-state={state}
      >
        {state === "checking" ? (
          <>
            <Spinner size="xl" color="brand.solid" borderWidth="3px" />
            <Text as="h1" textStyle={{ base: "2xl", md: "3xl" }} fontWeight="bold">
              Confirming your payment…
            </Text>
            <Text color="fg.muted">This takes only a few seconds.</Text>
          </>
        ) : state === "confirmed" ? (
          <>
            <Circle size="16" bg="brand.subtle" color="brand.fg">
              <PartyPopper size={28} aria-hidden />
            </Circle>
            <Text
              as="h1"
              textStyle={{ base: "2xl", md: "3xl" }}
              fontWeight="bold"
              data-testid="upgrade-confirmed"
            >
              Welcome to Premium!
            </Text>
            <Text color="fg.muted" maxW="md">
              Thank you for your payment. Every playlist kind is now yours, with up to{" "}
              {limits.premiumPlaylists} playlists from all of your liked songs.
            </Text>
            <LinkButton href="/playlists" colorPalette="brand" size="lg" data-testid="go-to-playlists">
              Go to your playlists
            </LinkButton>
          </>
        ) : (
          <>
            <Text as="h1" textStyle={{ base: "2xl", md: "3xl" }} fontWeight="bold">
              Your payment is being processed
            </Text>
            <Text color="fg.muted" maxW="md">
              It has not reached us yet. Premium appears on your account as soon as it does; if it has not
              within an hour, write to us at {site.supportEmail}.
            </Text>
            <HStack gap="6">
              <AppLink href="/plans" color="brand.fg" fontWeight="semibold">
                Back to plans
              </AppLink>
              <AppLink href="/playlists" color="brand.fg" fontWeight="semibold">
                Go to your playlists
              </AppLink>
            </HStack>
          </>
        )}
      </Stack>
    </Layout>
  );
}
