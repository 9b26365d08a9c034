import { Badge, Box, Center, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Disc3, Heart, ListMusic } from "lucide-react";
import type { ReactNode } from "react";
import { limits } from "../../../../shared/limits.ts";
import { Overline } from "../../../components/Overline.tsx";
import { coverGradient, type DemoSong, demoSongs } from "./demoSongs.ts";

const cycleMs = limits.demoAdvanceMs * limits.demoSongCount;

/** An animation of the demo's cycle for the song at `index`, starting `offsetMs` into its step. */
const inCycle = (name: string, index: number, offsetMs = 0, timing = "ease-out") =>
  `${name} ${cycleMs}ms ${timing} ${index * limits.demoAdvanceMs + offsetMs}ms infinite`;

/**
 * Every song, each in the same cell of a grid (so the frame is as tall as the tallest and nothing moves when the
 * song changes), transparent but during its step. `data-demo-step` keeps the step when less motion is asked for.
 */
const songStep = (index: number) =>
  ({
    gridArea: "1 / 1",
    opacity: index === 0 ? 1 : 0,
    animation: inCycle("crateDemoStep", index, 0, "step-end"),
  }) as const;

const dotStep = (index: number) =>
  ({
    h: "1.5",
    w: "1.5",
    borderRadius: "full",
    bg: "border.emphasized",
    position: "relative",
    "&::after": {
      content: '""',
      position: "absolute",
      inset: "0",
      borderRadius: "full",
      bg: "brand.solid",
      transform: "scale(1.5)",
      opacity: index === 0 ? 1 : 0,
      animation: inCycle("crateDemoStep", index, 0, "step-end"),
    },
  }) as const;

/**
 * A liked song flowing into its playlists; advances to the next of five sample songs every 2.5 s. It plays in CSS
 * alone (the keyframes are in theme.ts): it moves from the first paint of a page the server rendered, before and
 * without the app's script, and costs the main thread nothing after.
 */
export function DemoAnimation() {
  return (
    <Box
      data-testid="demo"
      data-demo=""
      position="relative"
      bg="bg.panel/90"
      borderWidth="1px"
      borderColor="border"
      borderRadius="3xl"
      p={{ base: "4", md: "5" }}
      boxShadow="0 30px 80px -20px rgba(0,0,0,0.6), 0 0 0 1px rgba(255,255,255,0.02) inset"
      w="full"
      maxW="md"
      mx="auto"
      aria-label="Demo: a liked song is added to matching playlists"
      role="img"
    >
      <HStack justify="space-between" mb="4">
        <HStack gap="2" color="fg.muted" textStyle="sm" fontWeight="semibold">
          <Center
            boxSize="7"
            borderRadius="md"
            bgGradient="to-br"
            gradientFrom="purple.500"
            gradientTo="blue.400"
          >
            <Heart size={14} fill="white" color="white" aria-hidden />
          </Center>
          Liked Songs
        </HStack>
        <HStack gap="1.5" aria-hidden>
          {demoSongs.map((item, dot) => (
            <Box key={item.title} data-demo-step="" css={dotStep(dot)} />
          ))}
        </HStack>
      </HStack>

      {/* The songs' cards, then what every song shares (the step's timer and the flow), then their playlists.
          Every animation is of transform or opacity, one an element, so the compositor runs the whole demo: a song
          shown by visibility and hidden songs' moving parts once kept a phone's main thread busy every frame. */}
      <SongSteps>{(song, index) => <DemoSongCard song={song} index={index} />}</SongSteps>

      <Box h="1" mt="3" borderRadius="full" bg="bg.muted" overflow="hidden" aria-hidden>
        <Box
          h="full"
          bg="brand.solid"
          transformOrigin="left"
          animation={`crateDemoTimer ${limits.demoAdvanceMs}ms linear infinite`}
        />
      </Box>

      <Center py="2" aria-hidden>
        <Box w="2px" h="8" overflow="hidden">
          <Box
            h="calc(100% + 12px)"
            bgImage="linear-gradient(to bottom, var(--chakra-colors-brand-400) 50%, transparent 50%)"
            bgSize="2px 12px"
            animation="crateFlow 0.4s linear infinite"
          />
        </Box>
      </Center>

      <Overline mb="2">Added to your playlists</Overline>
      <SongSteps>{(song, index) => <DemoSongPlaylists song={song} index={index} />}</SongSteps>
    </Box>
  );
}

/** One cell holding every song's part, each shown during its song's step. */
function SongSteps({ children }: { children: (song: DemoSong, index: number) => ReactNode }) {
  return (
    <Box display="grid">
      {demoSongs.map((song, index) => (
        <Box key={song.title} data-demo-step="" css={songStep(index)}>
          {children(song, index)}
        </Box>
      ))}
    </Box>
  );
}

/** One song's card (rising each time it is shown). */
function DemoSongCard({ song, index }: { song: DemoSong; index: number }) {
  return (
    <HStack gap="3.5" p="3" borderRadius="xl" bg="bg.muted" animation={inCycle("crateDemoRise", index)}>
      <Center boxSize="14" borderRadius="lg" flexShrink="0" style={{ background: coverGradient(song.hue) }}>
        <Disc3 size={26} color="rgba(255,255,255,0.85)" aria-hidden />
      </Center>
      <Stack gap="0.5" flex="1" minW="0">
        <Text fontWeight="bold" truncate data-testid="demo-song-title">
          {song.title}
        </Text>
        <Text textStyle="sm" color="fg.muted" truncate>
          {song.artist} · {song.year}
        </Text>
      </Stack>
      <Heart
        size={20}
        color="var(--chakra-colors-brand-400)"
        fill="var(--chakra-colors-brand-400)"
        aria-hidden
      />
    </HStack>
  );
}

/** The playlists one song joins (each rising, then standing out, each time the song is shown). */
function DemoSongPlaylists({ song, index }: { song: DemoSong; index: number }) {
  return (
    <SimpleGrid columns={2} gap="2.5">
      {song.playlists.map((name, position) => (
        <HStack
          key={name}
          gap="2.5"
          p="2.5"
          borderRadius="xl"
          borderWidth="1px"
          borderColor="border"
          bg="bg.subtle"
          minW="0"
          animation={inCycle("crateDemoChip", index, 150 + position * 120)}
        >
          <Center
            boxSize="9"
            borderRadius="md"
            flexShrink="0"
            style={{ background: coverGradient((song.hue + 40 * (position + 1)) % 360) }}
          >
            <ListMusic size={16} color="white" aria-hidden />
          </Center>
          <Stack gap="0" minW="0">
            <Text
              textStyle="sm"
              fontWeight="semibold"
              lineClamp={2}
              lineHeight="1.25"
              minH="2lh"
              data-testid="demo-playlist"
            >
              {name}
            </Text>
            <Badge size="xs" colorPalette="brand" variant="subtle" w="fit-content">
              +1 song
            </Badge>
          </Stack>
        </HStack>
      ))}
    </SimpleGrid>
  );
}
