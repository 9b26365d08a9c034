import { Box, Button, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { Info, Send } from "lucide-react";
import { useRef } from "react";
import { ErrorText } from "../../../components/ErrorText.tsx";
import { AppLink } from "../../../components/RouterLink.tsx";
import { useRevealWhenShown } from "../../../hooks/useRevealWhenShown.ts";

export interface SelectionPanelProps {
  count: number;
  /** the Spotify playlists the chosen entries make (more than `count` once one makes several) */
  spotifyPlaylists: number;
  cap: number;
  /** messages.premiumCap or messages.freeCap, shown once the cap is reached */
  capText: string;
  showPlansLink: boolean;
  added: number;
  removed: number;
  /** a validation message of spec §5 */
  problem: string | null;
  errorCode: number | null;
  submitting: boolean;
  onSubmit: () => void;
}

/** "These 2 make 86 playlists in Spotify.": the cap counts entries, Spotify counts what they make. */
export const spotifyPlaylistsText = (count: number, playlists: number) =>
  `${count === 1 ? "This one makes" : `These ${count} make`} ${playlists} playlists in Spotify.`;

/** How many playlists are chosen against the cap, what changes, and the button that applies it. */
export function SelectionPanel({
  count,
  spotifyPlaylists,
  cap,
  capText,
  showPlansLink,
  added,
  removed,
  problem,
  errorCode,
  submitting,
  onSubmit,
}: SelectionPanelProps) {
  const capReached = count >= cap;
  const button = useRef<HTMLButtonElement>(null);
  const message = useRef<HTMLDivElement>(null);
  // the answer to a press shows under the button, even when the panel ends at the bottom of the screen
  useRevealWhenShown(message, problem ?? errorCode, { near: button });
  const changes = [
    added > 0 ? `${added} to add` : null,
    removed > 0 ? `${removed} to stop updating` : null,
  ].filter((part): part is string => part !== null);
  return (
    <Box
      p={{ base: "5", md: "6" }}
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="border"
      bg="bg.panel"
      data-testid="selection-panel"
    >
      <Stack gap="4">
        <Stack gap="2">
          <HStack justify="space-between" align="baseline">
            <Text fontWeight="bold">Your selection</Text>
            <Text
              textStyle="sm"
              color="fg.muted"
              fontVariantNumeric="tabular-nums"
              data-testid="selection-count"
            >
              <Box as="span" textStyle="xl" fontWeight="800" color="fg">
                {count}
              </Box>{" "}
              / {cap}
            </Text>
          </HStack>
          <Progress.Root
            value={Math.min(count, cap)}
            max={cap}
            size="xs"
            colorPalette={capReached ? "orange" : "brand"}
          >
            <Progress.Track borderRadius="full" bg="bg.emphasized">
              <Progress.Range borderRadius="full" />
            </Progress.Track>
          </Progress.Root>
          {spotifyPlaylists > count ? (
            <Text textStyle="xs" color="fg.muted" data-testid="selection-spotify-playlists">
              {spotifyPlaylistsText(count, spotifyPlaylists)}
            </Text>
          ) : null}
          <Text textStyle="xs" color="fg.muted" minH="4">
            {changes.length > 0 ? `Changes: ${changes.join(", ")}.` : "No changes yet."}
          </Text>
        </Stack>
        {capReached ? (
          <HStack gap="2" align="start" textStyle="sm" color="orange.fg" data-testid="cap-text">
            <Box mt="0.5" flexShrink="0">
              <Info size={16} aria-hidden />
            </Box>
            <Text>
              {capText}
              {showPlansLink ? (
                <>
                  {" "}
                  <AppLink href="/plans" color="orange.fg" textDecoration="underline">
                    See plans
                  </AppLink>
                </>
              ) : null}
            </Text>
          </HStack>
        ) : null}
        <Button
          ref={button}
          colorPalette="brand"
          size="lg"
          borderRadius="full"
          onClick={onSubmit}
          loading={submitting}
          loadingText="Updating playlists"
          data-testid="submit-selection"
        >
          <Send aria-hidden />
          Update playlists
        </Button>
        {problem || errorCode !== null ? (
          <Box ref={message} scrollMarginTop="24" scrollMarginBottom="6">
            {problem ? (
              <Text textStyle="sm" color="fg.error" role="alert" data-testid="selection-problem">
                {problem}
              </Text>
            ) : null}
            {errorCode !== null ? <ErrorText code={errorCode} /> : null}
          </Box>
        ) : null}
        <Text textStyle="xs" color="fg.subtle">
          Playlists you unchoose stay in Spotify but are no longer updated.
        </Text>
      </Stack>
    </Box>
  );
}
