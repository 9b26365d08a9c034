// A stricter reading of Spotify's Web API document for the objects Crate reads. The published document
// declares required fields for few schemas; these lists follow Spotify's reference pages, where these fields
// are always present. Known behaviour the document leaves out is added too (each with its reason).
import { join } from "node:path";
import type { Document } from "openapi-backend";

export const CONTRACT_PATH = join(import.meta.dir, "spotify-web-api.openapi.yml");

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };

/** Required fields per component schema, for the objects Crate reads. */
export const strictRequired: Record<string, string[]> = {
  PrivateUserObject: ["id", "display_name", "external_urls", "href", "type", "uri"],
  SimplifiedArtistObject: ["id", "name", "type", "uri", "href", "external_urls"],
  ArtistObject: ["id", "name", "genres", "type", "uri", "href", "external_urls", "images", "popularity"],
  TrackObject: [
    "album",
    "artists",
    "disc_number",
    "duration_ms",
    "explicit",
    "external_urls",
    "href",
    "id",
    "is_local",
    "name",
    "track_number",
    "type",
    "uri",
  ],
  SavedTrackObject: ["added_at", "track"],
  AudioFeaturesObject: [
    "id",
    "acousticness",
    "danceability",
    "energy",
    "instrumentalness",
    "key",
    "liveness",
    "loudness",
    "mode",
    "speechiness",
    "tempo",
    "time_signature",
    "valence",
    "type",
    "uri",
  ],
  PlaylistObject: [
    "id",
    "name",
    "description",
    "public",
    "collaborative",
    "owner",
    "snapshot_id",
    "type",
    "uri",
    "href",
    "external_urls",
    "images",
    "items",
  ],
  SimplifiedPlaylistObject: [
    "id",
    "name",
    "public",
    "collaborative",
    "owner",
    "snapshot_id",
    "type",
    "uri",
    "items",
  ],
  PlaylistTracksRefObject: ["href", "total"],
  PlaylistUserObject: ["id", "type", "uri", "href", "external_urls"],
  PlaylistTrackObject: ["added_at", "is_local", "item"],
  ErrorObject: ["status", "message"],
};

/** Returns a copy of the document with the stricter schemas (and, if given, only the paths matching). */
export async function strictContract(pathFilter?: RegExp): Promise<Document> {
  const full = Bun.YAML.parse(await Bun.file(CONTRACT_PATH).text()) as {
    paths: Record<string, unknown>;
    components: { schemas: Record<string, Schema>; responses: Record<string, Schema> };
  };
  const schemas = full.components.schemas;
  for (const [name, required] of Object.entries(strictRequired)) {
    const schema = schemas[name];
    if (!schema) throw new Error(`The contract has no schema ${name}`);
    const target = Array.isArray(schema.allOf) ? ((schema.allOf as Schema[]).at(-1) ?? schema) : schema;
    target.required = [...new Set([...((target.required as string[] | undefined) ?? []), ...required])];
  }
  // Batch lookups answer null in place of an unknown id (Spotify's reference: "null for unknown ids").
  nullableItems(full.components.responses, "ManyArtists", "artists");
  nullableItems(full.components.responses, "ManyAudioFeatures", "audio_features");
  nullableItems(full.components.responses, "ManyTracks", "tracks");
  const paths = pathFilter
    ? Object.fromEntries(Object.entries(full.paths).filter(([path]) => pathFilter.test(path)))
    : full.paths;
  return { ...full, paths } as unknown as Document;
}

function nullableItems(responses: Record<string, Schema>, response: string, field: string): void {
  const content = responses[response]?.content as Record<string, { schema: Schema }> | undefined;
  const property = content?.["application/json"]?.schema.properties?.[field];
  if (!property?.items) throw new Error(`The contract has no ${response}.${field}`);
  property.items = { anyOf: [property.items, { enum: [null] }] };
}
