import { Card, Circle, HStack, Stack, Text } from "@chakra-ui/react";
import { Check } from "lucide-react";
import { useSearch } from "wouter";
import { loginErrorMessage } from "../../../shared/auth.ts";
import { ErrorText } from "../../components/ErrorText.tsx";
import { Layout } from "../../components/Layout.tsx";
import { LogoMark } from "../../components/Logo.tsx";
import { proseLinks } from "../../components/prose.ts";
import { AppLink } from "../../components/RouterLink.tsx";
import { SignInButton } from "../../components/SignInButton.tsx";

const points = [
  "Free: up to 15 playlists from your first 1000 liked songs",
  "Your playlists are checked about every hour",
  "Crate never removes songs you keep or re-adds songs you remove",
];

export function LoginPage() {
  const signInError = loginErrorMessage(new URLSearchParams(useSearch()).get("error"));
  return (
    <Layout width="narrow" flex="1" display="flex" alignItems="center">
      <Card.Root w="full" variant="outline" bg="bg.panel" borderRadius="3xl" overflow="hidden">
        <Card.Body p={{ base: "7", md: "12" }} gap="7">
          <Stack gap="4" align="center" textAlign="center">
            <LogoMark size={48} />
            <Text as="h1" textStyle={{ base: "3xl", md: "4xl" }} fontWeight="800" letterSpacing="-0.02em">
              Sign in
            </Text>
            <Text color="fg.muted" textStyle="lg">
              Please sign in to get started.
            </Text>
          </Stack>
          {signInError && <ErrorText text={signInError} />}
          <SignInButton size="xl" borderRadius="full" w="full" data-testid="authorize-button" />
          <Stack gap="3">
            {points.map((point) => (
              <HStack key={point} gap="3" align="start">
                <Circle size="5" bg="brand.subtle" color="brand.fg" flexShrink="0" mt="0.5">
                  <Check size={12} strokeWidth={3} aria-hidden />
                </Circle>
                <Text textStyle="sm" color="fg.muted">
                  {point}
                </Text>
              </HStack>
            ))}
          </Stack>
          <Text textStyle="xs" color="fg.subtle" textAlign="center" css={proseLinks}>
            By signing in you accept the <AppLink href="/policies/terms">terms</AppLink> and the{" "}
            <AppLink href="/policies/privacy-policy">privacy policy</AppLink>. An account is created only if
            none exists yet for your Spotify account.
          </Text>
        </Card.Body>
      </Card.Root>
    </Layout>
  );
}
