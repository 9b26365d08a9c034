// GET /api/playlists/{name}/activity: what changed in one playlist, newest first, on the listener's clock.
import type { PlaylistActivity } from "../../shared/activity.ts";
import type { MembershipLevel } from "../../shared/membership.ts";
import type { PlaylistActivityInput } from "../../shared/schemas/activity.ts";
import { playlistActivityOf } from "../activity/read.ts";
import type { Deps } from "../deps/deps.ts";
import { readTimeZone } from "../user/time-zone.ts";
import { resolvePlaylist } from "./playlist-target.ts";

export function getPlaylistActivity(
  deps: Pick<Deps, "db">,
  caller: { userId: string; membershipLevel: MembershipLevel },
  input: PlaylistActivityInput,
): PlaylistActivity {
  const target = resolvePlaylist(deps.db, caller, input.name);
  const entries = playlistActivityOf(
    deps.db,
    {
      userId: caller.userId,
      source: target.source,
      preferenceKey: target.preferenceKey,
      playlistId: target.row?.id ?? null,
    },
    input.limit,
    readTimeZone(deps.db, caller.userId).timeZone,
  );
  return { entries };
}
