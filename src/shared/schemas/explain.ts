// Inputs and responses of the explain-and-correct calls: a playlist's songs with their reasons, a song's
// placement, exclusions, corrections. One zod schema per input, for the tRPC router and the REST shims alike.
import { z } from "zod";
import { genreNames } from "../catalogue/genres.ts";
import { resolveGenre } from "../combinations/rules.ts";
import { CombinationDraftSchema } from "../combinations/schema.ts";
import type { NotIncludedKind, Reason } from "../explain.ts";
import { spotifyIdSchema } from "../spotify-ids.ts";
import { AllSettingsSchema } from "./settings.ts";

export const playlistName = z.string().trim().min(1, "name: must not be empty").max(300);
export const spotifyId = spotifyIdSchema;

export { spotifyIdSchema };

export const PlaylistSongsSchema = z.object({
  name: playlistName,
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type PlaylistSongsInput = z.infer<typeof PlaylistSongsSchema>;

export const PlaylistNameSchema = z.object({ name: playlistName });

/** POST /api/playlists/{name}/exclusions: `{trackId}` or `{artistId}` (exactly one). */
export const AddExclusionSchema = z
  .object({ name: playlistName, trackId: spotifyIdSchema.optional(), artistId: spotifyIdSchema.optional() })
  .strict()
  .refine((v) => (v.trackId === undefined) !== (v.artistId === undefined), {
    message: "trackId: give either trackId or artistId",
    path: ["trackId"],
  });
export type AddExclusionInput = z.infer<typeof AddExclusionSchema>;

export const exclusionKinds = ["track", "artist"] as const;
export type ExclusionKind = (typeof exclusionKinds)[number];

export const RemoveExclusionSchema = z.object({
  name: playlistName,
  kind: z.enum(exclusionKinds),
  id: spotifyIdSchema,
});

export const PlacementSchema = z.object({ trackId: spotifyIdSchema });

export const SongSearchSchema = z.object({ query: z.string().trim().min(1).max(200) });

export interface ExplainedSong {
  trackId: string;
  name: string;
  artists: { id: string; name: string }[];
  likedAt: string | null;
  reasons: Reason[];
}

export interface NotIncludedSong {
  trackId: string;
  name: string;
  kind: NotIncludedKind;
  text: string;
}

export interface Exclusion {
  kind: ExclusionKind;
  id: string;
  label: string;
  createdAt: string;
}

/** GET /api/playlists/{name}/songs */
export interface PlaylistSongs {
  name: string;
  spotifyPlaylistId: string | null;
  total: number;
  songs: ExplainedSong[];
  notIncluded: NotIncludedSong[];
  /** the coverage of the playlist's group ("37 liked songs have no genre known"); null for unclassified kinds */
  coverage: string | null;
  /** a free listener's premium-only playlist: shown, not changed */
  paused: boolean;
}

/** GET /api/songs/{trackId}/placement */
export interface SongPlacement {
  trackId: string;
  name: string;
  groups: { group: string; playlists: string[]; text: string }[];
}

export interface SongSearchHit {
  trackId: string;
  name: string;
  artists: string[];
  artistIds: string[];
}

/** A correction's genre in the catalogue's spelling: a Genre group name first (`rock` is Rock), else a subgenre. */
export const correctionGenre = (name: string): string | null =>
  genreNames.find((genre) => genre.toLowerCase() === name.trim().toLowerCase()) ?? resolveGenre(name);

/** PUT /api/corrections/artists/{artistId}: catalogue genre or subgenre names (any case), ISO 3166-1 alpha-2. */
export const SetCorrectionSchema = z
  .object({
    artistId: spotifyIdSchema,
    genres: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(100)
          .refine((name) => correctionGenre(name) !== null, "must be a genre or subgenre of the catalogue"),
      )
      .min(1)
      .max(20)
      .transform((names) => [...new Set(names.map((name) => correctionGenre(name) ?? name))])
      .optional(),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "must be an ISO 3166-1 alpha-2 code such as DK")
      .transform((code) => code.toUpperCase())
      .optional(),
  })
  .strict()
  .refine((v) => v.genres !== undefined || v.country !== undefined, {
    message: "genres: give genres, a country or both",
    path: ["genres"],
  });
export type SetCorrectionInput = z.infer<typeof SetCorrectionSchema>;

export const ArtistIdSchema = z.object({ artistId: spotifyIdSchema });

export interface ArtistCorrectionView {
  artistId: string;
  name: string;
  genres: string[] | null;
  country: string | null;
  createdAt: string;
}

/** A JSON object body whose fields a path parameter completes (then checked by the call's own schema). */
export const JsonObjectSchema = z.record(z.string(), z.unknown(), "body: must be a JSON object");

/** The version of the choices document this server writes and reads. */
export const choicesVersion = 1;

/** GET /api/user/choices, and what POST takes: every choice of a listener, to move or keep. */
export const ChoicesDocumentSchema = z
  .object({
    version: z.literal(choicesVersion, { error: `version: must be ${choicesVersion}` }),
    selection: z.array(z.string().trim().min(1).max(200)).max(1000),
    combinations: z.array(CombinationDraftSchema).max(100),
    exclusions: z
      .array(z.object({ playlist: playlistName, kind: z.enum(exclusionKinds), id: spotifyIdSchema }).strict())
      .max(10_000),
    corrections: z
      .array(
        z
          .object({
            artistId: spotifyIdSchema,
            genres: z.array(z.string().trim().min(1).max(100)).max(20).nullable(),
            country: z
              .string()
              .trim()
              .regex(/^[A-Za-z]{2}$/, "must be an ISO 3166-1 alpha-2 code such as DK")
              .nullable(),
          })
          .strict(),
      )
      .max(10_000),
    settings: AllSettingsSchema,
  })
  .strict();
export type ChoicesDocument = z.output<typeof ChoicesDocumentSchema>;

export interface ChoicesChanged {
  changed: {
    selection: number;
    combinations: number;
    exclusions: number;
    corrections: number;
    settings: number;
  };
}

/** The settings page's "Load choices": the document as read from the file, and whether only to count. */
export const LoadChoicesSchema = z.object({ document: JsonObjectSchema, dryRun: z.boolean().default(false) });
