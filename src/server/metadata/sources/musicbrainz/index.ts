// MusicBrainz as an open source: its client at about one request a second and its artists' lookup (asked about
// artists, so no answer about a song holds later sources back).
import { SpacedPacing } from "../../../platform/pacing.ts";
import { openMetadataSource } from "../../source-base/definition.ts";
import { createMusicBrainzClient, MUSICBRAINZ_INTERVAL_MS } from "./client.ts";
import { lookUpMusicBrainz } from "./lookup.ts";

export const musicbrainz = openMetadataSource({
  createClient: createMusicBrainzClient,
  intervalMs: MUSICBRAINZ_INTERVAL_MS,
  pacing: (t) => new SpacedPacing(MUSICBRAINZ_INTERVAL_MS, t.now, t.sleep),
  probe: `/url?resource=${encodeURIComponent("https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF")}&inc=artist-rels&fmt=json`,
  songAnswer: null,
  lookUp: lookUpMusicBrainz,
});
