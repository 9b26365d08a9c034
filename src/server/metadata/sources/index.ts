// The registry of the open metadata sources' lookups: one line per source. What each gives, its name and its
// chart colour are declared in src/shared/metadata-sources.ts; its client and pace in src/server/sources/clients.ts.
import type { OpenMetadataSourceName } from "../../../shared/metadata-sources.ts";
import { deezerLookup } from "./deezer.ts";
import { musicBrainzLookup } from "./musicbrainz.ts";
import { reccoBeatsLookup } from "./reccobeats.ts";
import type { OpenSourceLookup } from "./source.ts";

export const openSourceLookups: { [Name in OpenMetadataSourceName]: OpenSourceLookup<Name> } = {
  reccobeats: reccoBeatsLookup,
  musicbrainz: musicBrainzLookup,
  deezer: deezerLookup,
};
