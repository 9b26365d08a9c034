import { Button } from "@chakra-ui/react";
import { activityPageTexts as texts } from "../../../../shared/activity.ts";
import { trpc } from "../../../api/trpc.ts";
import { toaster } from "../../../components/Toaster.tsx";

const POLL_MS = 1_000;
const POLL_FOR_MS = 120_000;

/** For a playlist deleted in Spotify: makes it again with the songs it held, then shows it back in the list. */
export function RecreateButton({ name }: { name: string }) {
  const utils = trpc.useUtils();
  const recreate = trpc.activity.recreate.useMutation({
    onSuccess: async ({ distributionProgressId: id }) => {
      toaster.create({ title: texts.recreating(name), type: "info" });
      void utils.playlists.overview.invalidate();
      let done: boolean | null = null;
      for (const until = Date.now() + POLL_FOR_MS; done === null && Date.now() < until; ) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const progress = await utils.distribution.progress.fetch({ id }, { staleTime: 0 }).catch(() => null);
        // A failed run (completedWork -1) is taken up again by the next hourly update.
        if (progress?.finished) done = progress.progress.every((p) => p.completedWork >= 0);
      }
      // the list above and the notice of playlists deleted in Spotify below it
      await Promise.all([
        utils.playlists.overview.invalidate(),
        utils.distribution.listenerPreferences.invalidate(),
      ]);
      if (done) toaster.create({ title: texts.recreated(name), type: "success" });
      else toaster.create({ title: texts.recreateLater(name), type: "info" });
    },
    onError: (error) => toaster.create({ title: error.message, type: "error" }),
  });
  return (
    <Button
      size="xs"
      variant="outline"
      flexShrink="0"
      loading={recreate.isPending}
      disabled={recreate.isSuccess}
      aria-label={texts.recreateLabel(name)}
      data-testid="recreate"
      onClick={() => recreate.mutate({ name })}
    >
      {texts.recreate}
    </Button>
  );
}
