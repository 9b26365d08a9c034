// The listener's time zone: an IANA name (`Pacific/Auckland`), taken from the browser at sign-in and
// changeable in settings. It decides the month, year and season a like falls in. UTC until known.
import { z } from "zod";

export const DEFAULT_TIME_ZONE = "UTC";

/** Region names only (`Europe/Berlin`, `UTC`, `Etc/GMT+2`); offsets such as `+02:00` are not IANA names. */
const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** The canonical IANA name for `name` (`europe/berlin` → `Europe/Berlin`), or null when it is not one. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !IANA_SHAPE.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const timeZoneMessage = "must be an IANA time zone name such as Europe/Berlin";

/** A valid IANA time zone name, normalised to its canonical form. */
export const TimeZoneSchema = z
  .string()
  .trim()
  .transform((name, ctx) => {
    const canonical = canonicalTimeZone(name);
    if (canonical === null) {
      ctx.addIssue({ code: "custom", message: timeZoneMessage });
      return z.NEVER;
    }
    return canonical;
  });

/** `{timeZone}`: the settings call that changes the listener's time zone. */
export const SetTimeZoneSchema = z.object({ timeZone: TimeZoneSchema });
export type SetTimeZoneInput = z.infer<typeof SetTimeZoneSchema>;

export interface TimeZoneSetting {
  /** the zone month, year and season are computed in */
  timeZone: string;
  /** false while Crate has not learnt the listener's zone (then it is UTC) */
  known: boolean;
}

/** Every zone the runtime knows, for the settings picker (UTC first). */
export function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [DEFAULT_TIME_ZONE, ...zones.filter((zone) => zone !== DEFAULT_TIME_ZONE)];
}

/** The settings page's texts for the time zone. */
export const timeZoneTexts = {
  title: "Time zone",
  label: "Your time zone",
  help:
    "'Liked in Month', 'Liked in Year' and the seasons follow your calendar in this time zone. Songs already " +
    "in one of those playlists stay where they are; new likes use the zone you choose.",
  unknown: "Crate does not know your time zone yet, so it uses UTC until you sign in again or choose one.",
  browserZone: (zone: string) => `Use this browser's time zone (${zone})`,
  saved: "Saved.",
};
