import { Button } from "@chakra-ui/react";
import { activityPageTexts as texts } from "../../../../shared/activity.ts";
import type { NotIncludedSong } from "../../../../shared/schemas/explain.ts";
import { trpc } from "../../../api/trpc.ts";
import { toaster } from "../../../components/Toaster.tsx";

/** One tap: a song the listener removed in Spotify goes back at its place in the playlist. */
export function PutBackButton({
  name,
  song,
  onDone,
}: {
  name: string;
  song: NotIncludedSong;
  onDone: () => void;
}) {
  const putBack = trpc.activity.putBack.useMutation({
    onSuccess: () => {
      toaster.create({ title: texts.putBackDone, type: "success" });
      onDone();
    },
    onError: (error) => toaster.create({ title: error.message, type: "error" }),
  });
  return (
    <Button
      size="xs"
      variant="outline"
      flexShrink="0"
      loading={putBack.isPending}
      disabled={putBack.isSuccess}
      aria-label={texts.putBackLabel(song.name)}
      data-testid="put-back"
      onClick={() => putBack.mutate({ name, trackId: song.trackId })}
    >
      {texts.putBack}
    </Button>
  );
}
