import {
  Badge,
  Box,
  Center,
  Flex,
  HStack,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { ArrowRight } from "lucide-react";
import { Link as WouterLink } from "wouter";
import { type CatalogueGroupInfo, catalogueGroups } from "../../../../shared/catalogue/groups.ts";
import { GroupIcon } from "../../../components/GroupIcon.tsx";
import { Section } from "./Section.tsx";

/** The groups that get a card on the landing page (spec §2 'Landing page'), in this order. */
export const landingGroupSlugs = [
  "mood",
  "genre",
  "decade",
  "nationality",
  "liked-at",
  "randomized",
  "latest-liked-songs",
  "miscellaneous",
] as const;

const landingGroups: CatalogueGroupInfo[] = landingGroupSlugs.flatMap((slug) =>
  catalogueGroups.filter((group) => group.slug === slug),
);

function PlanBadge({ premiumOnly }: { premiumOnly: boolean }) {
  return (
    <Badge variant="outline" colorPalette={premiumOnly ? "purple" : "gray"} borderRadius="full" px="2.5">
      {premiumOnly ? "Premium" : "Free"}
    </Badge>
  );
}

function GroupCard({ group }: { group: CatalogueGroupInfo }) {
  return (
    <LinkBox
      as="article"
      p={{ base: "4", sm: "6" }}
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="border"
      bg="bg.panel"
      transition="border-color 0.2s, transform 0.2s, background 0.2s"
      _hover={{
        borderColor: group.premiumOnly ? "purple.400/60" : "brand.border/60",
        transform: "translateY(-2px)",
      }}
      data-testid="group-card"
    >
      <Flex
        direction={{ base: "row", sm: "column" }}
        gap={{ base: "3.5", sm: "4" }}
        align={{ base: "center", sm: "stretch" }}
        h="full"
      >
        <HStack justify="space-between" flexShrink="0">
          <Center
            boxSize="11"
            borderRadius="xl"
            bg={group.premiumOnly ? "purple.subtle" : "brand.subtle"}
            color={group.premiumOnly ? "purple.fg" : "brand.fg"}
          >
            <GroupIcon name={group.iconName} size={20} />
          </Center>
          <Box hideBelow="sm">
            <PlanBadge premiumOnly={group.premiumOnly} />
          </Box>
        </HStack>
        <Stack gap="1.5" flex="1" minW="0">
          <HStack gap="2" flexWrap="wrap" rowGap="1">
            <LinkOverlay asChild>
              <WouterLink href={`/playlists/${group.slug}`}>
                <Text as="h3" textStyle={{ base: "md", sm: "lg" }} fontWeight="bold">
                  {group.title}
                </Text>
              </WouterLink>
            </LinkOverlay>
            <Box hideFrom="sm">
              <PlanBadge premiumOnly={group.premiumOnly} />
            </Box>
          </HStack>
          <Text textStyle="sm" color="fg.muted" hideBelow="sm">
            {group.description}
          </Text>
          <Text textStyle="xs" color="fg.muted" truncate hideFrom="sm">
            {group.examples.join(" · ")}
          </Text>
        </Stack>
        <HStack gap="1.5" flexWrap="wrap" hideBelow="sm">
          {group.examples.slice(0, 3).map((example) => (
            <Box
              key={example}
              px="2"
              py="0.5"
              borderRadius="md"
              bg="bg.muted"
              textStyle="xs"
              color="fg.muted"
            >
              {example}
            </Box>
          ))}
        </HStack>
        <HStack
          gap="1"
          textStyle="sm"
          fontWeight="semibold"
          color={group.premiumOnly ? "purple.fg" : "brand.fg"}
          flexShrink="0"
        >
          <Text as="span" hideBelow="sm">
            See playlists
          </Text>
          <ArrowRight size={14} aria-hidden />
        </HStack>
      </Flex>
    </LinkBox>
  );
}

export function GroupCards() {
  return (
    <Section
      id="groups"
      eyebrow="Playlist kinds"
      title="Playlists for every way you listen"
      lead="Choose from hundreds of predefined playlists in these groups, plus hundreds of subgenres. Free groups are open to everyone; the others come with Premium."
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: "4", md: "5" }}>
        {landingGroups.map((group) => (
          <GroupCard key={group.slug} group={group} />
        ))}
      </SimpleGrid>
    </Section>
  );
}
