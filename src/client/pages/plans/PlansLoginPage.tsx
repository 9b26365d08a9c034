import { Card, Stack, Text } from "@chakra-ui/react";
import { Redirect } from "wouter";
import { plansLoginTexts as texts } from "../../../shared/plans-login.ts";
import { Layout } from "../../components/Layout.tsx";
import { LogoMark } from "../../components/Logo.tsx";
import { AppLink } from "../../components/RouterLink.tsx";
import { SignInButton } from "../../components/SignInButton.tsx";
import { useSession } from "../../hooks/useSession.ts";

/** `/plans/login`: sign in first, then come back to /plans to upgrade (through /api/authorize/plans). */
export function PlansLoginPage() {
  const session = useSession();
  if (session.status === "loggedIn") return <Redirect to="/plans" replace />;
  return (
    <Layout width="narrow" flex="1" display="flex" alignItems="center">
      <Card.Root w="full" variant="outline" bg="bg.panel" borderRadius="3xl">
        <Card.Body p={{ base: "7", md: "12" }} gap="7" alignItems="center" textAlign="center">
          <LogoMark size={48} />
          <Stack gap="3">
            <Text as="h1" textStyle={{ base: "3xl", md: "4xl" }} fontWeight="800" letterSpacing="-0.02em">
              {texts.title}
            </Text>
            <Text color="fg.muted" textStyle="lg">
              {texts.body}
            </Text>
          </Stack>
          <SignInButton
            fromPlans
            size="xl"
            borderRadius="full"
            w="full"
            data-testid="plans-authorize-button"
          />
          <AppLink href="/plans" color="fg.muted" textStyle="sm">
            {texts.back}
          </AppLink>
        </Card.Body>
      </Card.Root>
    </Layout>
  );
}
