import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { textForErrorCode } from "../../../../shared/errors.ts";
import { spotifyPlaylistsText } from "./SelectionPanel.tsx";

/**
 * On phones the selection panel sits below all groups; this bar follows the list while there are unsaved
 * changes, so the selection can be applied without scrolling to the end.
 */
export function MobileSelectionBar({
  count,
  spotifyPlaylists,
  cap,
  changes,
  problem,
  errorCode,
  submitting,
  onSubmit,
}: {
  count: number;
  spotifyPlaylists: number;
  cap: number;
  changes: number;
  problem: string | null;
  errorCode: number | null;
  submitting: boolean;
  onSubmit: () => void;
}) {
  if (changes === 0) return null;
  const message = problem ?? (errorCode !== null ? textForErrorCode(errorCode) : null);
  return (
    <Stack
      display={{ base: "flex", lg: "none" }}
      position="sticky"
      bottom="3"
      zIndex="docked"
      gap="2"
      p="3"
      pl="4"
      borderRadius="2xl"
      borderWidth="1px"
      borderColor="border.emphasized"
      bg="bg.panel/95"
      backdropFilter="blur(12px)"
      shadow="lg"
      data-testid="mobile-selection-bar"
    >
      <HStack justify="space-between" gap="3">
        <Stack gap="0">
          <Text fontWeight="bold" textStyle="sm" fontVariantNumeric="tabular-nums">
            {count} / {cap} chosen
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {changes === 1 ? "1 change" : `${changes} changes`} not applied yet
          </Text>
          {spotifyPlaylists > count ? (
            <Text textStyle="xs" color="fg.muted">
              {spotifyPlaylistsText(count, spotifyPlaylists)}
            </Text>
          ) : null}
        </Stack>
        <Button
          colorPalette="brand"
          borderRadius="full"
          size="sm"
          px="5"
          onClick={onSubmit}
          loading={submitting}
        >
          Update playlists
        </Button>
      </HStack>
      {message ? (
        <Text textStyle="xs" color="fg.error" role="alert">
          {message}
        </Text>
      ) : null}
    </Stack>
  );
}
