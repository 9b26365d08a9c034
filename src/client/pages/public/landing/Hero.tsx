import { Box, Container, Grid, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { ArrowRight, Check } from "lucide-react";
import { landingHero } from "../../../../shared/landing.ts";
import { gradientText } from "../../../components/gradient-text.ts";
import { LinkButton } from "../../../components/RouterLink.tsx";
import { SignInButton } from "../../../components/SignInButton.tsx";
import { DemoAnimation } from "./DemoAnimation.tsx";

const { highlights } = landingHero;

export function Hero() {
  return (
    <Box
      position="relative"
      overflow="hidden"
      bgImage="radial-gradient(ellipse 60% 50% at 10% 0%, rgba(254,90,26,0.20), transparent 70%), radial-gradient(ellipse 50% 45% at 95% 15%, rgba(168,85,247,0.20), transparent 70%)"
    >
      <Container
        maxW="7xl"
        px={{ base: "5", md: "8" }}
        pt={{ base: "12", md: "20" }}
        pb={{ base: "16", md: "24" }}
      >
        <Grid
          templateColumns={{ base: "1fr", lg: "1.15fr 1fr" }}
          gap={{ base: "12", lg: "16" }}
          alignItems="center"
        >
          <Stack gap={{ base: "6", md: "7" }}>
            <HStack
              gap="2"
              w="fit-content"
              px="3"
              py="1"
              borderRadius="full"
              borderWidth="1px"
              borderColor="brand.muted"
              bg="brand.subtle/60"
              color="brand.fg"
              textStyle="xs"
              fontWeight="semibold"
            >
              <Box boxSize="1.5" borderRadius="full" bg="brand.solid" />
              {landingHero.eyebrow}
            </HStack>
            <Heading
              as="h1"
              fontSize={{ base: "2.5rem", sm: "3rem", lg: "3.5rem", xl: "3.75rem" }}
              lineHeight="1.05"
              fontWeight="800"
              letterSpacing="-0.035em"
            >
              {landingHero.titleStart}{" "}
              <Box as="span" {...gradientText}>
                {landingHero.titleHighlight}
              </Box>{" "}
              {landingHero.titleEnd}
            </Heading>
            <Text textStyle={{ base: "lg", md: "xl" }} color="fg.muted" maxW="xl">
              {landingHero.lead}
            </Text>
            <Stack direction={{ base: "column", sm: "row" }} gap="3">
              <SignInButton size="xl" borderRadius="full" px="7" data-testid="hero-sign-in" />
              <LinkButton href="/login" size="xl" variant="outline" borderRadius="full" px="7">
                {landingHero.getStarted}
                <ArrowRight aria-hidden />
              </LinkButton>
            </Stack>
            <Stack
              direction={{ base: "column", sm: "row" }}
              gap={{ base: "2", sm: "5" }}
              color="fg.muted"
              textStyle="sm"
            >
              {highlights.map((item) => (
                <HStack key={item} gap="1.5">
                  <Check size={16} color="var(--chakra-colors-brand-400)" aria-hidden />
                  {item}
                </HStack>
              ))}
            </Stack>
          </Stack>
          <DemoAnimation />
        </Grid>
      </Container>
    </Box>
  );
}
