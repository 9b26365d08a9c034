import { z } from "zod";
import { TimeZoneSchema } from "../time-zone.ts";

/**
 * `GET /api/authorize?referrer=&timeZone=` and `/api/authorize/plans?…`: where the visitor came from and the
 * browser's IANA time zone (both optional; a navigation, so an unusable time zone is dropped, not refused).
 */
export const AuthorizeQuerySchema = z.object({
  timeZone: TimeZoneSchema.optional().catch(undefined),
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
