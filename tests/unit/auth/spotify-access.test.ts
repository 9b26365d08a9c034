// The six-month grant: its end in calendar months, its states, and the reminder written into descriptions.
import { describe, expect, test } from "bun:test";
import { reminderDescription } from "../../../src/server/distribution/batch/access-reminders.ts";
import { creationDescription } from "../../../src/server/distribution/journal/create-step.ts";
import {
  accessDate,
  accessState,
  DESCRIPTION_MAX_CHARS,
  grantEndsAt,
  reminderSentence,
  spotifyAccessTexts,
} from "../../../src/shared/spotify-access.ts";

const at = (iso: string) => Date.parse(iso);
const DAY = 86_400_000;

describe("a grant's end", () => {
  test("six calendar months after the authorization, at the same time of day", () => {
    expect(new Date(grantEndsAt(at("2026-11-26T15:12:00Z"))).toISOString()).toBe("2027-05-26T15:12:00.000Z");
    expect(new Date(grantEndsAt(at("2026-07-20T00:00:00Z"))).toISOString()).toBe("2027-01-20T00:00:00.000Z");
  });

  test("a day the sixth month lacks becomes its last day", () => {
    expect(new Date(grantEndsAt(at("2026-08-31T10:00:00Z"))).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(new Date(grantEndsAt(at("2027-08-31T10:00:00Z"))).toISOString()).toBe("2028-02-29T10:00:00.000Z");
  });

  test("active, ending within 14 days, ended at the end or when Spotify refused it", () => {
    const end = at("2027-05-26T15:12:00Z");
    expect(accessState(end, null, end - 15 * DAY)).toBe("active");
    expect(accessState(end, null, end - 14 * DAY)).toBe("ending");
    expect(accessState(end, null, end - 1)).toBe("ending");
    expect(accessState(end, null, end)).toBe("ended");
    expect(accessState(end, end - 100 * DAY, end - 100 * DAY)).toBe("ended");
  });

  test("the date as listeners read it", () => {
    expect(accessDate(at("2027-05-26T15:12:00Z"))).toBe("26 May 2027");
    expect(spotifyAccessTexts.activeUntil(at("2027-05-26T15:12:00Z"))).toBe(
      "Crate can update your playlists until 26 May 2027; signing in again renews this.",
    );
  });
});

describe("the reminder in a playlist's description", () => {
  const identity = { userId: "u1", source: "predefined", preferenceKey: "Rock", bucket: "", sequence: 1 };
  const end = at("2027-05-26T15:12:00Z");

  test("names the date and the address, and keeps the mark Crate recognises its playlist by", () => {
    expect(reminderSentence(end, "https://crate.example")).toBe(
      "Crate stops updating this playlist on 26 May 2027. Sign in at https://crate.example to keep it up to date.",
    );
    const description = reminderDescription(identity, end, "https://crate.example");
    const mark = /\(crate-[0-9a-f]{16}\)$/.exec(creationDescription(identity))?.[0];
    expect(mark).toBeDefined();
    expect(description.startsWith("Crate stops updating this playlist on 26 May 2027.")).toBe(true);
    expect(description.endsWith(mark as string)).toBe(true);
  });

  test("stays within Spotify's 300 characters with a very long address", () => {
    const url = `https://${"a".repeat(280)}.example`;
    const description = reminderDescription(identity, end, url);
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
    expect(description).toContain("26 May 2027");
    expect(description).toContain("(crate-");
  });
});
