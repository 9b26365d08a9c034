// A choices document may name only what the listener may see: their own liked songs, the artists of them, and
// what they named before (an exclusion or correction they already hold, whose song may since be unliked). The
// labels come from there too, so loading a document never reveals what other listeners of the server liked.
import type { ChoicesDocument } from "../../shared/schemas/explain.ts";
import type { Db } from "../db/client.ts";
import { exclusionsOfUser } from "../distribution/repository/exclusions.ts";
import { correctionMap } from "../library/corrections-repository.ts";
import { badRequest } from "../platform/errors.ts";
import { likedArtistNames, likedTrackNames } from "./explain-repository.ts";

/** The label of each of the document's exclusions, in its order; a 400 naming the first id not the listener's. */
export function ownLabels(db: Db, userId: string, doc: ChoicesDocument): string[] {
  const held = new Map(exclusionsOfUser(db, userId).map((e) => [`${e.kind}:${e.targetId}`, e.label]));
  const trackIds = doc.exclusions.filter((e) => e.kind === "track").map((e) => e.id);
  const artistIds = [
    ...doc.exclusions.filter((e) => e.kind === "artist").map((e) => e.id),
    ...doc.corrections.map((c) => c.artistId),
  ];
  const songs = likedTrackNames(db, userId, trackIds);
  const artists = likedArtistNames(db, userId, artistIds);
  const labels = doc.exclusions.map((e, i) => {
    const label = (e.kind === "track" ? songs : artists).get(e.id) ?? held.get(`${e.kind}:${e.id}`);
    if (label === undefined)
      throw badRequest(
        e.kind === "track"
          ? `exclusions[${i}].id: not one of your liked songs`
          : `exclusions[${i}].id: not an artist of your liked songs`,
      );
    return label;
  });
  const corrected = correctionMap(db, userId);
  doc.corrections.forEach((c, i) => {
    if (!artists.has(c.artistId) && !corrected.has(c.artistId))
      throw badRequest(`corrections[${i}].artistId: not an artist of your liked songs`);
  });
  return labels;
}
