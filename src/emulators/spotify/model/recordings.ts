// The same recording on several releases, as on Spotify: an artist's single often comes back on their next
// album, as another track (its own id, album and release date) with the same ISRC, name and length.
import { createRng, mix } from "./random.ts";

/** What pairing needs of an album of the catalogue. */
interface AlbumOutline {
  artists: readonly number[];
  albumType: "album" | "single" | "compilation";
  releaseDate: string;
  firstTrack: number;
  trackCount: number;
}

/** Share of singles whose first track reappears on the same artist's next album. */
const SINGLE_ON_ALBUM_SHARE = 0.5;

/** A recording found on two tracks: the single's (released first) and the album's. */
export interface SameRecording {
  single: number;
  album: number;
}

/**
 * For each artist, a single followed by an album of that artist puts the single's first track (by chance)
 * on that album as one of its tracks. Pure function of the seed and the albums (in release-building order).
 */
export function sameRecordings(seed: number, albums: readonly AlbumOutline[]): SameRecording[] {
  const rng = createRng(mix(seed, 0x15c));
  const pendingSingle = new Map<number, AlbumOutline>();
  const pairs: SameRecording[] = [];
  for (const album of albums) {
    const artist = album.artists[0] ?? 0;
    if (album.albumType === "single") {
      if (album.trackCount > 0) pendingSingle.set(artist, album);
      continue;
    }
    const single = pendingSingle.get(artist);
    if (album.albumType !== "album" || !single || album.trackCount < 2) continue;
    pendingSingle.delete(artist);
    if (!rng.chance(SINGLE_ON_ALBUM_SHARE) || album.releaseDate < single.releaseDate) continue;
    pairs.push({ single: single.firstTrack, album: album.firstTrack + rng.int(0, album.trackCount - 1) });
  }
  return pairs;
}
