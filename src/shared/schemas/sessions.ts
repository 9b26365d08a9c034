import { z } from "zod";

/** One of the listener's sessions as the settings page lists it; times are ISO 8601 (UTC). */
export interface SessionSummary {
  id: string;
  /** "Firefox on Linux", from the User-Agent at sign-in */
  browser: string;
  firstSeen: string;
  lastSeen: string;
  /** the session this request came with */
  current: boolean;
}

/** Which session to end. */
export const EndSessionSchema = z.object({ sessionId: z.uuid() }).strict();
