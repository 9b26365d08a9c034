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
import { songOrders, unlikedChoices } from "../rules/model.ts";
import { spotifyIdSchema } from "../spotify-ids.ts";
import type { CriterionDraft } from "./criterion.ts";
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

/** Next year by this clock: the last release year a rule may name. */
const nextYear = () => new Date().getUTCFullYear() + 1;

/** An inclusive range of whole numbers from `min` to `max()`; one end may be left open, from ≤ to. */
function rangeOf(min: number, unit: string, max: () => number) {
  const end = z.number().int().min(min).nullish();
  return z
    .object({ from: end, to: end })
    .superRefine((range, ctx) => {
      const top = max();
      for (const key of ["from", "to"] as const) {
        const value = range[key];
        if (value != null && value > top)
          ctx.addIssue({ code: "custom", message: `must be at most ${top} (${unit})`, path: [key] });
      }
      if (range.from == null && range.to == null)
        ctx.addIssue({ code: "custom", message: "needs from or to" });
      else if (range.from != null && range.to != null && range.from > range.to)
        ctx.addIssue({ code: "custom", message: "from must not be after to" });
    })
    .transform((range) => ({ from: range.from ?? null, to: range.to ?? null }));
}

/** A calendar day as `YYYY-MM-DD` that exists. */
const DaySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a day as YYYY-MM-DD")
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), "must be a day that exists");

/** Liked within the last N days, or on a day from..to in the listener's zone. */
const LikedSchema = z
  .object({
    withinDays: z.number().int().min(1).max(limits.rules.maxLikedWithinDays).optional(),
    from: DaySchema.nullish(),
    to: DaySchema.nullish(),
  })
  .superRefine((liked, ctx) => {
    const days = liked.from != null || liked.to != null;
    if (liked.withinDays !== undefined && days)
      ctx.addIssue({ code: "custom", message: "takes withinDays or from and to, not both" });
    else if (liked.withinDays === undefined && !days)
      ctx.addIssue({ code: "custom", message: "needs withinDays, from or to" });
    else if (liked.from && liked.to && liked.from > liked.to)
      ctx.addIssue({ code: "custom", message: "from must not be after to" });
  })
  .transform((liked) =>
    liked.withinDays !== undefined
      ? { withinDays: liked.withinDays }
      : { from: liked.from ?? null, to: liked.to ?? null },
  );

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
  subgenres: z
    .array(z.string().trim().min(1).max(100))
    .max(limits.maxGenresPerCriterion, `A criterion holds at most ${limits.maxGenresPerCriterion} subgenres.`)
    .nullish(),
  years: rangeOf(limits.rules.firstYear, "year", nextYear).nullish(),
  tempo: rangeOf(limits.rules.minBpm, "BPM", () => limits.rules.maxBpm).nullish(),
  liked: LikedSchema.nullish(),
  artists: z
    .array(spotifyIdSchema)
    .max(limits.rules.maxArtists, `A criterion names at most ${limits.rules.maxArtists} artists.`)
    .nullish(),
  inPlaylist: spotifyIdSchema.nullish(),
});
export type CriterionInput = z.input<typeof CriterionSchema>;

const CriteriaSchema = z
  .array(CriterionSchema)
  .max(limits.maxCriteria, `A playlist has at most ${limits.maxCriteria} criteria.`);

/** A rule's parts besides its name and criteria (contract, "Rules"); each optional, null meaning its default. */
export const ruleFields = {
  except: z
    .array(
      CriterionSchema.refine(
        (criterion) => !isEmptyCriterion(criterion),
        "A criterion that excludes needs a part.",
      ),
    )
    .max(limits.maxCriteria, `A playlist has at most ${limits.maxCriteria} criteria that exclude.`)
    .nullish(),
  order: z.enum(songOrders).nullish(),
  limit: z.number().int().min(1).max(limits.playlistCapacity).nullish(),
  unliked: z.enum(unlikedChoices).nullish(),
};

export const CombinationDraftSchema = z.object({
  playlistName: PlaylistNameSchema,
  criteria: CriteriaSchema,
  ...ruleFields,
});
export type CombinationDraftInput = z.input<typeof CombinationDraftSchema>;
export type CombinationDraft = z.output<typeof CombinationDraftSchema>;

/** The first of the spec's wizard messages that applies to these drafts, or null. */
export function draftsProblem(
  drafts: readonly { playlistName: string; criteria: readonly CriterionDraft[] }[],
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

const CombinationId = z.string().trim().min(1).max(100);
export const CombinationIdSchema = z.object({ id: CombinationId });
/** the names a rule names (`combinations.names`): of one stored rule, or without an id of all of them */
export const RuleNamesSchema = z.object({ id: CombinationId.optional() });

const needsCriteria = (criteria: readonly CriterionDraft[], ctx: z.RefinementCtx) => {
  if (criteria.every(isEmptyCriterion))
    ctx.addIssue({ code: "custom", message: messages.noCriteria, path: ["criteria"] });
};

/** A new name for a rule: not empty. */
const RenameSchema = PlaylistNameSchema.refine((name) => name !== "", messages.playlistNeedsName).optional();

/** `PUT /api/distributor/combinatorial/{id}`: the whole rule again; the name may change. */
export const UpdateCombinationBodySchema = z
  .object({ playlistName: RenameSchema, criteria: CriteriaSchema, ...ruleFields })
  .superRefine((value, ctx) => needsCriteria(value.criteria, ctx));
export const UpdateCombinationSchema = z
  .object({
    id: CombinationId,
    playlistName: RenameSchema,
    criteria: CriteriaSchema,
    ...ruleFields,
  })
  .superRefine((value, ctx) => needsCriteria(value.criteria, ctx));
export type UpdateCombination = z.output<typeof UpdateCombinationSchema>;

/**
 * `POST /api/distributor/combinatorial/preview`: a rule as drafted (an empty one matches nothing). The playlist's
 * name, when given, is what a shuffle is seeded with, as for the playlist itself (else the stored rule's name).
 */
export const PreviewRuleSchema = z.object({
  id: CombinationId.nullish(),
  // only a seed: a name still being typed (too long, a character names refuse) is not refused here
  playlistName: z.string().max(200).transform(normaliseCombinationName).optional(),
  criteria: CriteriaSchema,
  except: ruleFields.except,
  order: ruleFields.order,
  limit: ruleFields.limit,
});
export type PreviewRule = z.output<typeof PreviewRuleSchema>;

/** The wizard's check before it sends: the first problem's text, or null when the drafts may be sent. */
export function validateDrafts(drafts: readonly CombinationDraftInput[], storedCount: number): string | null {
  const parsed = combinationsInputSchema(storedCount).safeParse({ combinations: drafts });
  if (parsed.success) return null;
  const spec = parsed.error.issues.find((issue) => issue.code === "custom" && issue.path.length === 1);
  return (spec ?? parsed.error.issues[0])?.message ?? null;
}
