import { z } from "zod";

/** `GET /api/authorize?referrer=` and `/api/authorize/plans?referrer=`: where the visitor came from (optional). */
export const AuthorizeQuerySchema = z.object({
  referrer: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
});

/** `GET /api/authorize/callback`: Spotify's redirect, with a code or an error, and our state. */
export const CallbackQuerySchema = z.object({
  code: z.string().min(1).max(2000).optional(),
  state: z.string().min(1).max(200).optional(),
  error: z.string().min(1).max(200).optional(),
});
export type CallbackQuery = z.infer<typeof CallbackQuerySchema>;
