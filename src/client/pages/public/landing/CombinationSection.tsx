import { Badge, Box, Flex, Grid, HStack, Stack, Text } from "@chakra-ui/react";
import { ArrowRight, Blend } from "lucide-react";
import { AppLink, LinkButton } from "../../../components/RouterLink.tsx";
import { Section } from "./Section.tsx";

const exampleCriteria = [
  { parts: ["Rock", "Rap", "2000s"], label: "Rock and Rap from the 2000s" },
  { parts: ["Chill", "Jazz"], label: "Chill Jazz" },
  { parts: ["K-Pop", "Party", "2010s"], label: "Party K-Pop from the 2010s" },
];

export function CombinationSection() {
  return (
    <Section
      id="combinations"
      eyebrow="Combination playlists"
      title="Mix your own playlists"
      lead="Combine genres, decades, moods and nationalities into playlists of your own, like rock and rap from the 2000s. They stay up to date like every other Crate playlist."
      tinted
    >
      <Grid
        templateColumns={{ base: "1fr", lg: "1fr 1fr" }}
        gap={{ base: "8", lg: "12" }}
        alignItems="center"
      >
        <Stack gap="3">
          {exampleCriteria.map((example) => (
            <Flex
              key={example.label}
              direction={{ base: "column", sm: "row" }}
              justify="space-between"
              align={{ base: "start", sm: "center" }}
              gap={{ base: "3", sm: "4" }}
              p={{ base: "4", md: "5" }}
              borderRadius="2xl"
              borderWidth="1px"
              borderColor="border"
              bg="bg.panel"
            >
              <HStack gap="3" minW="0">
                <Box color="purple.300" flexShrink="0">
                  <Blend size={20} aria-hidden />
                </Box>
                <Text fontWeight="semibold">{example.label}</Text>
              </HStack>
              <HStack gap="1.5" flexWrap="wrap">
                {example.parts.map((part, index) => (
                  <HStack key={part} gap="1.5">
                    {index > 0 ? (
                      <Text textStyle="xs" color="fg.subtle">
                        +
                      </Text>
                    ) : null}
                    <Badge variant="surface" colorPalette="purple" size="sm">
                      {part}
                    </Badge>
                  </HStack>
                ))}
              </HStack>
            </Flex>
          ))}
        </Stack>
        <Stack gap="5">
          <Text color="fg.muted">
            Each combination playlist can hold up to 20 criteria joined by “or”, and each criterion combines
            up to four genres with a decade, a mood and a nationality. Combination playlists are part of
            Premium.
          </Text>
          <Stack direction={{ base: "column", sm: "row" }} gap="3" align={{ base: "stretch", sm: "center" }}>
            <LinkButton href="/playlists/combinations" colorPalette="brand" size="lg" borderRadius="full">
              Create a combination
              <ArrowRight aria-hidden />
            </LinkButton>
            <AppLink href="/playlists/combination" color="fg.muted" px="2" alignSelf="center">
              What can be combined?
            </AppLink>
          </Stack>
        </Stack>
      </Grid>
    </Section>
  );
}
