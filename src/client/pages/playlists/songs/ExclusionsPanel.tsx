import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { explainPageTexts as texts } from "../../../../shared/explain.ts";
import { trpc } from "../../../api/trpc.ts";
import { toaster } from "../../../components/Toaster.tsx";

/** What the listener keeps out of this playlist, with the date and an undo. */
export function ExclusionsPanel({
  name,
  paused,
  onChanged,
}: {
  name: string;
  paused: boolean;
  onChanged: () => void;
}) {
  const query = trpc.explain.exclusions.useQuery({ name });
  const undo = trpc.explain.undoExclusion.useMutation({
    onSuccess: () => {
      toaster.create({ title: texts.undone, type: "success" });
      onChanged();
    },
    onError: (error) => toaster.create({ title: error.message, type: "error" }),
  });
  const exclusions = query.data?.exclusions ?? [];
  return (
    <Stack gap="2" as="section" aria-label={texts.exclusionsTitle}>
      <Text as="h2" textStyle="lg" fontWeight="bold">
        {texts.exclusionsTitle}
      </Text>
      {exclusions.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          {texts.noExclusions}
        </Text>
      ) : (
        <Stack as="ul" gap="1">
          {exclusions.map((e) => (
            <HStack
              as="li"
              key={`${e.kind}:${e.id}`}
              justify="space-between"
              data-testid="exclusion"
              data-id={e.id}
            >
              <Text textStyle="sm">
                {e.kind === "artist" ? `All songs by ${e.label}` : e.label} · since{" "}
                {new Date(e.createdAt).toLocaleDateString("en-GB", {
                  day: "numeric",
                  month: "long",
                  year: "numeric",
                })}
              </Text>
              {paused ? null : (
                <Button
                  size="xs"
                  variant="outline"
                  disabled={undo.isPending}
                  aria-label={`${texts.undo}: ${e.label}`}
                  onClick={() => undo.mutate({ name, kind: e.kind, id: e.id })}
                >
                  {texts.undo}
                </Button>
              )}
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
