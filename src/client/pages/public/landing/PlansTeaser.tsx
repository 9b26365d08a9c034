import { Badge, Box, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Check } from "lucide-react";
import { freePlanTexts } from "../../../../shared/free-plan.ts";
import { limits } from "../../../../shared/limits.ts";
import { LinkButton } from "../../../components/RouterLink.tsx";
import { Section } from "./Section.tsx";

const plans = [
  {
    name: "Free",
    tagline: "Everything you need to start",
    features: [
      `Up to ${limits.freePlaylists} playlists`,
      freePlanTexts.planLine,
      "Mood, genre, subgenre, decade, nationality and tempo playlists",
    ],
    href: "/login",
    cta: "Get started for free",
    highlighted: false,
  },
  {
    name: "Premium",
    tagline: "Yearly subscription",
    features: [
      `Up to ${limits.premiumPlaylists} playlists`,
      "All of your liked songs",
      "Liked At, randomized, latest liked songs and more",
      "Combination playlists",
    ],
    href: "/plans",
    cta: "See plans",
    highlighted: true,
  },
];

export function PlansTeaser() {
  return (
    <Section id="plans" eyebrow="Plans" title="Start free, upgrade when you want more">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: "4", md: "6" }} maxW="4xl">
        {plans.map((plan) => (
          <Box
            key={plan.name}
            p={{ base: "6", md: "8" }}
            borderRadius="2xl"
            borderWidth="1px"
            borderColor={plan.highlighted ? "brand.border/60" : "border"}
            bg={plan.highlighted ? "brand.subtle/40" : "bg.panel"}
          >
            <Stack gap="5" h="full">
              <Stack gap="1">
                <HStack justify="space-between">
                  <Text textStyle="2xl" fontWeight="800">
                    {plan.name}
                  </Text>
                  {plan.highlighted ? (
                    <Badge colorPalette="brand" variant="solid" borderRadius="full" px="2.5">
                      Most playlists
                    </Badge>
                  ) : null}
                </HStack>
                <Text color="fg.muted">{plan.tagline}</Text>
              </Stack>
              <Stack gap="2.5" flex="1">
                {plan.features.map((feature) => (
                  <HStack key={feature} gap="2.5" align="start">
                    <Box color="brand.fg" mt="0.5" flexShrink="0">
                      <Check size={16} aria-hidden />
                    </Box>
                    <Text textStyle="sm">{feature}</Text>
                  </HStack>
                ))}
              </Stack>
              <LinkButton
                href={plan.href}
                colorPalette={plan.highlighted ? "brand" : "gray"}
                variant={plan.highlighted ? "solid" : "outline"}
                borderRadius="full"
              >
                {plan.cta}
              </LinkButton>
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
