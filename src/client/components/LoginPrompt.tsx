import { Card, Stack, Text } from "@chakra-ui/react";
import { Lock } from "lucide-react";
import { AppLink } from "./RouterLink.tsx";
import { SignInButton } from "./SignInButton.tsx";

/** Shown where a page needs a signed-in listener: a short text and the sign-in button. */
export function LoginPrompt({
  text = "Please sign in to continue.",
  fromPlans = false,
}: {
  text?: string;
  fromPlans?: boolean;
}) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl" maxW="lg" data-testid="login-prompt">
      <Card.Body gap="5" p={{ base: "6", md: "8" }}>
        <Stack direction="row" gap="3" align="center" color="brand.fg">
          <Lock size={20} aria-hidden />
          <Text fontWeight="semibold">Sign in required</Text>
        </Stack>
        <Text color="fg.muted">{text}</Text>
        <Stack direction={{ base: "column", sm: "row" }} gap="4" align={{ base: "stretch", sm: "center" }}>
          <SignInButton fromPlans={fromPlans} size="lg" />
          <AppLink href="/faq" color="fg.muted" textStyle="sm">
            Questions? Read the FAQ
          </AppLink>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
