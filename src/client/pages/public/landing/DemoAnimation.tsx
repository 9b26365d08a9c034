import { Badge, Box, Center, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Disc3, Heart, ListMusic } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { limits } from "../../../../shared/limits.ts";
import { Overline } from "../../../components/Overline.tsx";
import { coverGradient, type DemoSong, demoSongs } from "./demoSongs.ts";

// Shown only while marked active: the tick moves the mark, and an element shown again replays its animations.
const shownWhenActive = { display: "none", "&[data-active]": { display: "block" } } as const;
const dotStyle = {
  h: "1.5",
  w: "1.5",
  borderRadius: "full",
  bg: "border.emphasized",
  transition: "width 0.3s, background-color 0.3s",
  "&[data-active]": { w: "5", bg: "brand.solid" },
} as const;

/**
 * A liked song flowing into its playlists; advances to the next of five sample songs every 2.5 s. The first song
 * is rendered with the page and the others once the browser is idle; from then on a tick only moves the
 * `data-active` mark (no React render, no style computed on a phone's main thread every 2.5 s).
 */
export function DemoAnimation() {
  const frame = useRef<HTMLDivElement>(null);
  const [songs, setSongs] = useState(demoSongs.slice(0, 1));
  useEffect(() => {
    const renderAll = () => setSongs(demoSongs);
    if (typeof requestIdleCallback === "function") {
      const idle = requestIdleCallback(renderAll, { timeout: limits.demoAdvanceMs / 2 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(renderAll, limits.demoAdvanceMs / 2);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    let index = 0;
    const timer = setInterval(() => {
      const root = frame.current;
      if (!root) return;
      index = (index + 1) % demoSongs.length;
      root.dataset.songIndex = String(index);
      for (const element of root.querySelectorAll<HTMLElement>("[data-demo-item]")) {
        element.toggleAttribute("data-active", element.dataset.demoItem === String(index));
      }
    }, limits.demoAdvanceMs);
    return () => clearInterval(timer);
  }, []);

  return (
    <Box
      ref={frame}
      data-testid="demo"
      data-song-index={0}
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
            <Box
              key={item.title}
              data-demo-item={dot}
              data-active={dot === 0 ? "" : undefined}
              css={dotStyle}
            />
          ))}
        </HStack>
      </HStack>

      {songs.map((song, index) => (
        <Box
          key={song.title}
          data-demo-item={index}
          data-active={index === 0 ? "" : undefined}
          css={shownWhenActive}
        >
          <DemoSongFlow song={song} />
        </Box>
      ))}
    </Box>
  );
}

/** One song: its card, the timer bar, the flow and the playlists it joins (animated each time it is shown). */
function DemoSongFlow({ song }: { song: DemoSong }) {
  return (
    <>
      <HStack gap="3.5" p="3" borderRadius="xl" bg="bg.muted" animation="crateRise 0.5s ease-out both">
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

      <Box h="1" mt="3" borderRadius="full" bg="bg.muted" overflow="hidden" aria-hidden>
        <Box
          h="full"
          bg="brand.solid"
          transformOrigin="left"
          animation={`crateProgress ${limits.demoAdvanceMs}ms linear both`}
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
            animation={`crateRise 0.45s ease-out ${150 + position * 120}ms both, cratePop 0.6s ease-out ${500 + position * 120}ms`}
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
    </>
  );
}
