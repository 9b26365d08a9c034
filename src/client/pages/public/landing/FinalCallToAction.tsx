import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { LinkButton } from "../../../components/RouterLink.tsx";
import { SignInButton } from "../../../components/SignInButton.tsx";

export function FinalCallToAction() {
  return (
    <Container maxW="7xl" px={{ base: "5", md: "8" }} py={{ base: "16", md: "24" }}>
      <Box
        borderRadius="3xl"
        px={{ base: "6", md: "16" }}
        py={{ base: "12", md: "16" }}
        textAlign="center"
        borderWidth="1px"
        borderColor="border"
        bgImage="radial-gradient(ellipse 70% 80% at 50% 0%, rgba(254,90,26,0.25), transparent 70%), radial-gradient(ellipse 60% 70% at 50% 100%, rgba(168,85,247,0.18), transparent 70%)"
        bgColor="bg.panel"
      >
        <Stack gap="5" align="center">
          <Heading
            as="h2"
            textStyle={{ base: "2xl", md: "4xl" }}
            fontWeight="800"
            letterSpacing="-0.02em"
            maxW="2xl"
          >
            Let your liked songs sort themselves
          </Heading>
          <Text color="fg.muted" maxW="lg">
            It takes a minute to set up and costs nothing to try.
          </Text>
          <Stack direction={{ base: "column", sm: "row" }} gap="3" w={{ base: "full", sm: "auto" }}>
            <SignInButton size="lg" borderRadius="full" px="7" />
            <LinkButton href="/plans" size="lg" variant="outline" borderRadius="full" px="7">
              Compare plans
            </LinkButton>
          </Stack>
        </Stack>
      </Box>
    </Container>
  );
}
