import { z } from "zod";
import { limits } from "../limits.ts";

// Letters of any script, decimal digits, space and . , ? ! -
const allowedCharacter = /[\p{L}\p{M}\p{Nd} .,?!-]/u;
const onlyAllowed = /^[\p{L}\p{M}\p{Nd} .,?!-]*$/u;

/** Drops every character the feedback form does not accept and cuts to the maximum length (as typed). */
export function filterFeedback(input: string): string {
  const kept = [...input.normalize("NFC")].filter((ch) => allowedCharacter.test(ch));
  return kept.slice(0, limits.feedbackMaxLength).join("");
}

/** The characters `filterFeedback` drops from `input` (each once, in the order typed): what the form says it left out. */
export function droppedFromFeedback(input: string): string[] {
  return [...new Set([...input.normalize("NFC")].filter((ch) => !allowedCharacter.test(ch)))];
}

/** POST /api/feedback. Length counts characters (code points), not UTF-16 units. */
export const FeedbackSchema = z.object({
  feedback: z
    .string()
    .transform((s) => s.normalize("NFC"))
    .refine((s) => s.trim().length > 0, { message: "must not be empty" })
    .refine((s) => [...s].length <= limits.feedbackMaxLength, {
      message: `must be at most ${limits.feedbackMaxLength} characters`,
    })
    .refine((s) => onlyAllowed.test(s), {
      message: "may contain only letters, digits, spaces and . , ? ! -",
    }),
});
export type FeedbackInput = z.infer<typeof FeedbackSchema>;
