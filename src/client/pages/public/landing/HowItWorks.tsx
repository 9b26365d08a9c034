import { Box, Circle, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Heart, ListChecks, LogIn } from "lucide-react";
import { Section } from "./Section.tsx";

const steps = [
  {
    icon: LogIn,
    title: "Sign in with Spotify",
    text: "One click, no password to make up. Crate reads your Liked Songs and creates playlists only in your library.",
  },
  {
    icon: ListChecks,
    title: "Choose your playlists",
    text: "Tick the moods, genres, decades and more that you want. Crate creates them and fills them with your songs.",
  },
  {
    icon: Heart,
    title: "Keep liking songs",
    text: "About every hour Crate checks for new likes and adds each one to every playlist it belongs in.",
  },
];

export function HowItWorks() {
  return (
    <Section id="how" eyebrow="How it works" title="Three steps, then it runs by itself">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: "4", md: "6" }}>
        {steps.map((step, index) => (
          <Box
            key={step.title}
            p={{ base: "6", md: "7" }}
            borderRadius="2xl"
            borderWidth="1px"
            borderColor="border"
            bg="bg.panel"
          >
            <Stack gap="4">
              <Circle size="11" bg="brand.subtle" color="brand.fg" position="relative">
                <step.icon size={20} aria-hidden />
              </Circle>
              <Text textStyle="xs" color="fg.subtle" fontWeight="bold" letterSpacing="0.1em">
                STEP {index + 1}
              </Text>
              <Text textStyle="lg" fontWeight="bold">
                {step.title}
              </Text>
              <Text color="fg.muted">{step.text}</Text>
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
