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
  // two resources: a list, answered 200 whether or not MusicBrainz knows them (one unknown resource is a 404, which
  // a wrong MUSICBRAINZ_URL answers too)
  probe: `/url?${["0OdUWJ0sBjDrqHygGUXeCF", "3WrFJ7ztbogyGnTHbHJFl2"].map((id) => `resource=${encodeURIComponent(`https://open.spotify.com/artist/${id}`)}`).join("&")}&inc=artist-rels&fmt=json`,
  songAnswer: null,
  lookUp: lookUpMusicBrainz,
});
