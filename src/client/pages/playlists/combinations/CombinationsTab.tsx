import { Alert, Badge, Box, Button, Center, Grid, HStack, Stack, Text } from "@chakra-ui/react";
import { ArrowRight, Blend, Calendar, Globe, Music, Smile } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ErrorCode, messages } from "../../../../shared/errors.ts";
import { limits } from "../../../../shared/limits.ts";
import { hasCombinationAccess } from "../../../../shared/membership.ts";
import type { CombinatorialPreference } from "../../../../shared/schemas/distribution.ts";
import { trpc } from "../../../api/trpc.ts";
import { ErrorText } from "../../../components/ErrorText.tsx";
import { LinkButton } from "../../../components/RouterLink.tsx";
import { useRevealWhenShown } from "../../../hooks/useRevealWhenShown.ts";
import { useSession } from "../../../hooks/useSession.ts";
import { CombinationsTable } from "./CombinationsTable.tsx";
import { CombinationWizard } from "./CombinationWizard.tsx";

const ingredients = [
  { Icon: Music, label: "Genres", detail: `up to ${limits.maxGenresPerCriterion} in each criterion` },
  { Icon: Calendar, label: "Decade", detail: "one per criterion" },
  { Icon: Smile, label: "Mood", detail: "one per criterion" },
  { Icon: Globe, label: "Nationality", detail: "one per criterion" },
];

const examples = ["Rock and Rap from the 2000s", "Chill Indie", "Danish Pop from the 1990s"];

/**
 * The Combinations tab (spec §2): what a combination playlist is, 'Let's go!' to start the wizard (the premium
 * error for levels without combinations; the no-more-room text from 20 stored), and the table of the user's
 * combination playlists.
 */
export function CombinationsTab() {
  const session = useSession();
  const allowed = hasCombinationAccess(session.membershipLevel);
  const [started, setStarted] = useState(false);
  const preferences = trpc.distribution.listenerPreferences.useQuery(undefined, { staleTime: 0 });
  // a failed load of the preference list counts as an empty list (spec §7)
  const combinations = preferences.data?.combinatorialPlaylistPreferences ?? [];
  const noMoreRoom = combinations.length >= limits.maxCombinations;
  const [editing, setEditing] = useState<CombinatorialPreference | null>(null);
  const editor = useRef<HTMLDivElement>(null);
  // the rule opens where the listener looks: the editor from its top
  useEffect(() => {
    if (editing) editor.current?.scrollIntoView({ block: "start" });
  }, [editing]);
  const showWizard = !editing && started && allowed && !noMoreRoom && !preferences.isPending;
  // what "Let's go!" opens shows where the listener looks: the wizard from its top, else the answer under the button
  const wizard = useRef<HTMLDivElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  useRevealWhenShown(wizard, showWizard, { block: "start" });
  useRevealWhenShown(answer, started && !showWizard && (!allowed || noMoreRoom));

  return (
    <Stack gap="8" data-testid="combinations-tab">
      <Grid
        templateColumns={{ base: "1fr", lg: "minmax(0, 1fr) 340px" }}
        gap={{ base: "6", lg: "10" }}
        p={{ base: "6", md: "10" }}
        borderRadius="3xl"
        borderWidth="1px"
        borderColor="border"
        bg="bg.panel"
        alignItems="center"
      >
        <Stack gap="5">
          <HStack gap="3">
            <Center boxSize="11" borderRadius="xl" bg="purple.subtle" color="purple.fg">
              <Blend size={22} aria-hidden />
            </Center>
            <Badge variant="outline" colorPalette="purple" borderRadius="full" px="2.5">
              Premium
            </Badge>
          </HStack>
          <Text as="h2" textStyle={{ base: "2xl", md: "3xl" }} fontWeight="800" letterSpacing="-0.02em">
            Playlists made to your own recipe
          </Text>
          <Text color="fg.muted" maxW="2xl">
            A combination playlist holds the liked songs that match criteria you define. A criterion combines
            genres, a decade, a mood and a nationality, and a song must match all of its parts. Add several
            criteria to a playlist and a song needs to match only one of them. Crate creates each playlist in
            Spotify once at least one song matches, and keeps it up to date like your other playlists.
          </Text>
          <HStack gap="2" flexWrap="wrap">
            {examples.map((example) => (
              <Box
                key={example}
                px="3"
                py="1"
                borderRadius="full"
                bg="bg.muted"
                textStyle="sm"
                color="fg.muted"
              >
                {example}
              </Box>
            ))}
          </HStack>
          <Stack gap="3" align="start">
            <Button
              colorPalette="brand"
              size="lg"
              borderRadius="full"
              px="7"
              onClick={() => setStarted(true)}
              data-testid="combinations-start"
            >
              Let's go!
              <ArrowRight aria-hidden />
            </Button>
            {started && !allowed ? (
              <Stack gap="3" w="full" maxW="lg" ref={answer} scrollMarginTop="24" scrollMarginBottom="6">
                <ErrorText code={ErrorCode.FeatureNotAvailable} />
                <LinkButton href="/plans" variant="outline" size="sm" borderRadius="full" alignSelf="start">
                  See Premium
                </LinkButton>
              </Stack>
            ) : null}
            {started && allowed && noMoreRoom ? (
              <Alert.Root
                ref={answer}
                status="info"
                borderRadius="lg"
                maxW="2xl"
                scrollMarginTop="24"
                scrollMarginBottom="6"
                data-testid="no-more-room"
              >
                <Alert.Indicator />
                <Alert.Title fontWeight="medium">{messages.noMoreRoomWizard}</Alert.Title>
              </Alert.Root>
            ) : null}
          </Stack>
        </Stack>
        <Stack gap="3">
          {ingredients.map(({ Icon, label, detail }) => (
            <HStack
              key={label}
              gap="3"
              p="3.5"
              borderRadius="xl"
              borderWidth="1px"
              borderColor="border.muted"
              bg="bg.subtle"
            >
              <Center boxSize="9" borderRadius="lg" bg="brand.subtle" color="brand.fg" flexShrink="0">
                <Icon size={18} aria-hidden />
              </Center>
              <Stack gap="0">
                <Text fontWeight="semibold" textStyle="sm">
                  {label}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {detail}
                </Text>
              </Stack>
            </HStack>
          ))}
          <Text textStyle="xs" color="fg.subtle" px="1">
            Up to {limits.maxCriteria} criteria per playlist and {limits.maxCombinations} combination
            playlists.
          </Text>
        </Stack>
      </Grid>
      {editing && allowed ? (
        <Box ref={editor} scrollMarginTop="24" data-testid="rule-editor">
          <CombinationWizard
            key={editing.combinatorialPlaylistPreferenceId}
            storedCount={combinations.length}
            featuresUnavailable={preferences.data?.featuresUnavailable ?? false}
            editing={editing}
            onDone={() => setEditing(null)}
          />
        </Box>
      ) : null}
      {showWizard ? (
        <Box ref={wizard} scrollMarginTop="24">
          <CombinationWizard
            storedCount={combinations.length}
            featuresUnavailable={preferences.data?.featuresUnavailable ?? false}
          />
        </Box>
      ) : null}
      <CombinationsTable
        combinations={combinations}
        onEdit={allowed ? setEditing : undefined}
        vanishedIds={
          new Set(
            (preferences.data?.vanishedPlaylists ?? [])
              .filter((playlist) => playlist.source === "combination")
              .map((playlist) => playlist.preferenceName),
          )
        }
        failedIds={
          new Map(
            (preferences.data?.failedPlaylists ?? [])
              .filter((playlist) => playlist.source === "combination")
              .map((playlist) => [playlist.preferenceName, playlist.failure]),
          )
        }
      />
    </Stack>
  );
}
