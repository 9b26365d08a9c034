import { PlaylistsFrame } from "./PlaylistsFrame.tsx";
import { PredefinedTab } from "./predefined/PredefinedTab.tsx";

/** `/playlists` (and `/` when signed in): the Predefined tab. */
export function PlaylistsPage() {
  return (
    <PlaylistsFrame tab="predefined">
      <PredefinedTab />
    </PlaylistsFrame>
  );
}
