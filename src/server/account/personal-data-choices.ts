// The listener's exclusions, corrections and the playlists of theirs their rules name, in the personal-data export.
import type { PersonalData } from "../../shared/schemas/account.ts";
import type { Db } from "../db/client.ts";
import { exclusionsOfUser } from "../distribution/repository/exclusions.ts";
import { correctionMap, inForce } from "../library/corrections-repository.ts";
import { sourcePlaylistsOf } from "../library/source-playlists-repository.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export function choicesOf(
  db: Db,
  userId: string,
): Pick<PersonalData, "playlistExclusions" | "artistCorrections" | "sourcePlaylists"> {
  return {
    playlistExclusions: exclusionsOfUser(db, userId).map((e) => ({
      source: e.source,
      preference: e.preferenceKey,
      kind: e.kind,
      id: e.targetId,
      label: e.label,
      createdAt: iso(e.createdAt),
    })),
    artistCorrections: [...correctionMap(db, userId).values()].filter(inForce).map((c) => ({
      artistId: c.artistId,
      genres: c.genres,
      country: c.country,
      createdAt: iso(c.createdAt),
    })),
    sourcePlaylists: sourcePlaylistsOf(db, userId).map((p) => ({
      playlistId: p.playlistId,
      name: p.name,
      checkedAt: iso(p.checkedAt),
      trackIds: p.trackIds,
    })),
  };
}
