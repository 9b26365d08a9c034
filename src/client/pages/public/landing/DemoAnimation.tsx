import { Badge, Box, Center, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Disc3, Heart, ListMusic } from "lucide-react";
import { useEffect, useState } from "react";
import { limits } from "../../../../shared/limits.ts";
import { coverGradient, demoSongs } from "./demoSongs.ts";

/** A liked song flowing into its playlists; advances to the next of five sample songs every 2.5 s. */
export function DemoAnimation() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % demoSongs.length),
      limits.demoAdvanceMs,
    );
    return () => clearInterval(timer);
  }, []);
  const song = demoSongs[index] ?? demoSongs[0];
  if (!song) return null;

  return (
    <Box
      data-testid="demo"
      data-song-index={index}
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
              h="1.5"
              w={dot === index ? "5" : "1.5"}
              borderRadius="full"
              bg={dot === index ? "brand.solid" : "border.emphasized"}
              transition="all 0.3s"
            />
          ))}
        </HStack>
      </HStack>

      <HStack
        key={`song-${index}`}
        gap="3.5"
        p="3"
        borderRadius="xl"
        bg="bg.muted"
        animation="crateRise 0.5s ease-out both"
      >
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
          key={`timer-${index}`}
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

      <Text
        textStyle="xs"
        fontWeight="bold"
        letterSpacing="0.1em"
        textTransform="uppercase"
        color="fg.subtle"
        mb="2"
      >
        Added to your playlists
      </Text>
      <SimpleGrid columns={2} gap="2.5">
        {song.playlists.map((name, position) => (
          <HStack
            key={`${index}-${name}`}
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
    </Box>
  );
}
