import { Box, Button, Center, CloseButton, Dialog, HStack, Portal, Stack, Text } from "@chakra-ui/react";
import { Check, Crown } from "lucide-react";
import { freePlanTexts } from "../../../../shared/free-plan.ts";
import { limits } from "../../../../shared/limits.ts";
import { LinkButton } from "../../../components/RouterLink.tsx";

const benefits = [
  "Liked At, Randomized, Latest Liked Songs and Miscellaneous playlists",
  `Up to ${limits.premiumPlaylists} playlists instead of ${limits.freePlaylists}`,
  freePlanTexts.premiumLine,
  "Combination playlists of your own",
];

/** The premium upsell that opens instead of selecting a premium-only playlist (spec §2, §5). */
export function PremiumDialog({
  playlistName,
  onClose,
}: {
  playlistName: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={playlistName !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size={{ base: "xs", sm: "md" }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content borderRadius="2xl" data-testid="premium-dialog">
            <Dialog.Header>
              <HStack gap="3">
                <Center boxSize="10" borderRadius="xl" bg="purple.subtle" color="purple.fg">
                  <Crown size={20} aria-hidden />
                </Center>
                <Dialog.Title>A Premium playlist</Dialog.Title>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">
                  <Box as="strong" color="fg">
                    {playlistName}
                  </Box>{" "}
                  comes with Premium. Upgrade to choose it, together with:
                </Text>
                <Stack gap="2">
                  {benefits.map((benefit) => (
                    <HStack key={benefit} gap="2.5" align="start" textStyle="sm">
                      <Box color="purple.fg" mt="0.5">
                        <Check size={15} strokeWidth={3} aria-hidden />
                      </Box>
                      <Text>{benefit}</Text>
                    </HStack>
                  ))}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Not now
              </Button>
              <LinkButton href="/plans" colorPalette="brand" data-testid="premium-dialog-plans">
                See Premium
              </LinkButton>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
