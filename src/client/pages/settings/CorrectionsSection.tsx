import { Button, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { choicesTexts as texts } from "../../../shared/explain.ts";
import { trpc } from "../../api/trpc.ts";
import { toaster } from "../../components/Toaster.tsx";

/** The listener's corrections of artists, with undo. */
export function CorrectionsSection() {
  const utils = trpc.useUtils();
  const query = trpc.explain.corrections.useQuery();
  const undo = trpc.explain.undoCorrection.useMutation({
    onSuccess: () => void utils.explain.invalidate(),
    onError: (error) => toaster.create({ title: error.message, type: "error" }),
  });
  const artists = query.data?.artists ?? [];
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="2xl">
      <Card.Body gap="3" p={{ base: "5", md: "8" }}>
        <Text as="h2" textStyle="xl" fontWeight="bold">
          {texts.correctionsTitle}
        </Text>
        <Text color="fg.muted" textStyle="sm">
          {texts.correctionsHelp}
        </Text>
        {artists.length === 0 ? <Text textStyle="sm">{texts.noCorrections}</Text> : null}
        <Stack as="ul" gap="2">
          {artists.map((a) => (
            <HStack as="li" key={a.artistId} justify="space-between" data-testid="correction">
              <Text textStyle="sm">
                {a.name}: {[a.genres?.join(", "), a.country].filter(Boolean).join(" · ")}
              </Text>
              <Button
                size="xs"
                variant="outline"
                aria-label={`${texts.undo}: ${a.name}`}
                disabled={undo.isPending}
                onClick={() => undo.mutate({ artistId: a.artistId })}
              >
                {texts.undo}
              </Button>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
