/**
 * The ONE validation of combination playlists (spec §5), used by the wizard before it sends and by the server
 * (tRPC and REST) on what it receives. The spec's texts come from `messages` in src/shared/errors.ts, checked
 * in this order: no playlist, a playlist without a name, a playlist without criteria, no more room.
 * Singular or plural: with one playlist in the request the singular text, with several the plural one.
 *
 * Catalogue names (code 9), reserved names (24), names used before (23), the stored total (16) and membership
 * (30) are the server's checks (src/server/distribution/combinations/), as they need the catalogue or the database.
 */
import { z } from "zod";
import { messages } from "../errors.ts";
import { limits } from "../limits.ts";
import { isEmptyCriterion } from "./rules.ts";

/** Letters (any script, with their accents), digits and spaces; nothing else. */
const disallowedInName = /[^\p{L}\p{M}\p{Nd} ]/gu;
const disallowedCharacter = /[^\p{L}\p{M}\p{Nd} ]/u;

export const nameRuleText = `A playlist name holds at most ${limits.combinationNameMax} letters, digits and spaces.`;

/**
 * The name as typed: other characters are dropped, runs of spaces become one, a leading space is dropped, and
 * it is cut at 30 characters (spec §5 'other input is ignored').
 */
export function sanitizeCombinationName(typed: string): string {
  return typed
    .replace(disallowedInName, "")
    .replace(/ {2,}/g, " ")
    .replace(/^ /, "")
    .slice(0, limits.combinationNameMax);
}

/** The stored form of a name: trimmed, single spaces. */
export const normaliseCombinationName = (name: string): string => name.trim().replace(/ {2,}/g, " ");

/** Case-insensitive key of a name, for "used before" (code 23). */
export const combinationNameKey = (name: string): string =>
  normaliseCombinationName(name).normalize("NFC").toLocaleLowerCase("en");

const PlaylistNameSchema = z
  .string()
  .max(200)
  .transform(normaliseCombinationName)
  .refine(
    (name) => name.length <= limits.combinationNameMax && !disallowedCharacter.test(name),
    nameRuleText,
  );

const optionalName = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((value) => (value ? value : null));

export const CriterionSchema = z.object({
  criterionNumber: z.number().int().min(1).max(limits.maxCriteria).optional(),
  genres: z
    .array(z.string().trim().min(1).max(100))
    .max(limits.maxGenresPerCriterion, `A criterion holds at most ${limits.maxGenresPerCriterion} genres.`)
    .nullish()
    .transform((genres) => genres ?? []),
  /** the decade's first year, e.g. 1990 */
  decade: z
    .number()
    .int()
    .min(0)
    .max(9999)
    .nullish()
    .transform((decade) => decade ?? null),
  mood: optionalName,
  nationality: optionalName,
});
export type CriterionInput = z.input<typeof CriterionSchema>;

export const CombinationDraftSchema = z.object({
  playlistName: PlaylistNameSchema,
  criteria: z
    .array(CriterionSchema)
    .max(limits.maxCriteria, `A playlist has at most ${limits.maxCriteria} criteria.`),
});
export type CombinationDraftInput = z.input<typeof CombinationDraftSchema>;
export type CombinationDraft = z.output<typeof CombinationDraftSchema>;

/** The first of the spec's wizard messages that applies to these drafts, or null. */
export function draftsProblem(
  drafts: readonly { playlistName: string; criteria: readonly { genres?: readonly string[] | null }[] }[],
  storedCount: number | null,
): string | null {
  if (drafts.length === 0) return messages.noPlaylistDefined;
  const plural = drafts.length > 1;
  if (drafts.some((draft) => normaliseCombinationName(draft.playlistName) === ""))
    return plural ? messages.playlistsNeedName : messages.playlistNeedsName;
  if (drafts.some((draft) => draft.criteria.every(isEmptyCriterion)))
    return plural ? messages.noCriteriaPlural : messages.noCriteria;
  if (storedCount !== null && storedCount + drafts.length > limits.maxCombinations)
    return messages.noMoreRoom;
  return null;
}

/**
 * `POST /api/distributor/combinatorial` body. `storedCount` is how many combinations the user has already: the
 * wizard passes the stored count; the server's transport passes null, as the service checks the total against
 * the database itself and answers code 16.
 */
export function combinationsInputSchema(storedCount: number | null) {
  return z.object({ combinations: z.array(CombinationDraftSchema).max(1000) }).superRefine((value, ctx) => {
    const problem = draftsProblem(value.combinations, storedCount);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["combinations"] });
  });
}

export const CreateCombinationsSchema = combinationsInputSchema(null);
export type CreateCombinationsInput = z.input<typeof CreateCombinationsSchema>;
export type CreateCombinations = z.output<typeof CreateCombinationsSchema>;

export const CombinationIdSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** The wizard's check before it sends: the first problem's text, or null when the drafts may be sent. */
export function validateDrafts(drafts: readonly CombinationDraftInput[], storedCount: number): string | null {
  const parsed = combinationsInputSchema(storedCount).safeParse({ combinations: drafts });
  if (parsed.success) return null;
  const spec = parsed.error.issues.find((issue) => issue.code === "custom" && issue.path.length === 1);
  return (spec ?? parsed.error.issues[0])?.message ?? null;
}
