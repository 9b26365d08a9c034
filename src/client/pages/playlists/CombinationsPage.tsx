import { CombinationsTab } from "./combinations/CombinationsTab.tsx";
import { PlaylistsFrame } from "./PlaylistsFrame.tsx";

/** `/playlists/combinations`: the Combinations tab. */
export function CombinationsPage() {
  return (
    <PlaylistsFrame tab="combinations">
      <CombinationsTab />
    </PlaylistsFrame>
  );
}
