import { Stack } from "@chakra-ui/react";
import { useLeaveRenderedOnUnmount } from "../../lib/rendered-data.ts";
import { PlaylistsOverview } from "./overview/PlaylistsOverview.tsx";
import { PlaylistsFrame } from "./PlaylistsFrame.tsx";
import { PredefinedTab } from "./predefined/PredefinedTab.tsx";

/** `/playlists` (and `/` when signed in): what Crate made so far, then the Predefined tab. */
export function PlaylistsPage() {
  useLeaveRenderedOnUnmount();
  return (
    <PlaylistsFrame tab="predefined">
      <Stack gap={{ base: "6", md: "8" }}>
        {/* Panels about the listener's playlists sit here, one beside the other. */}
        <PlaylistsOverview />
        <PredefinedTab />
      </Stack>
    </PlaylistsFrame>
  );
}
