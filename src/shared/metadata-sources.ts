/** The metadata sources Crate knows, in their default order (earlier sources win). */
export const metadataSourceNames = ["spotify", "reccobeats", "musicbrainz", "deezer"] as const;

export type MetadataSourceName = (typeof metadataSourceNames)[number];
