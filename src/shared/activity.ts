// A playlist's activity: what Crate and the listener changed in it, newest first, as its page and
// `GET /api/playlists/{name}/activity` show it. One place for the kinds, the reasons and the wording.

export const activityKinds = [
  "created",
  "added",
  "removedByCrate",
  "removedInSpotify",
  "putBack",
  "excluded",
  "exclusionUndone",
  "ruleChanged",
  "vanished",
  "recreated",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** Why Crate took songs out of a playlist. */
export const removalReasons = [
  /** pushed past the playlist's limit (Latest N, a rule's `limit`) */
  "limit",
  /** liked longer ago than the rule's window (`liked.withinDays`) */
  "window",
  /** a new random sample (Random playlists, a shuffle with a limit) */
  "sample",
  /** the listener edited the rule and the song no longer matches */
  "ruleChanged",
  /** the listener's correction of an artist takes the song out of this playlist */
  "correction",
  /** the listener keeps the song (or its artist) out of this playlist */
  "exclusion",
  /** the listener unliked it, and the playlist drops unliked songs */
  "unliked",
] as const;
export type RemovalReason = (typeof removalReasons)[number];

export const isRemovalReason = (value: unknown): value is RemovalReason =>
  (removalReasons as readonly unknown[]).includes(value);

export const activityLimits = {
  /** songs an entry names (of its `count`) */
  songsPerEntry: 50,
  /** entries an answer holds by default, and at most */
  defaultEntries: 100,
  maxEntries: 500,
} as const;

export interface ActivityEntry {
  /** when it happened (ISO time) */
  at: string;
  /** the same moment on the listener's clock ("14 March 2026 at 21:04") */
  when: string;
  kind: ActivityKind;
  count: number;
  songs: { trackId: string; name: string }[];
  text: string;
}

/** GET /api/playlists/{name}/activity */
export interface PlaylistActivity {
  entries: ActivityEntry[];
}

const songs = (n: number) => (n === 1 ? "1 song" : `${n} songs`);
const them = (n: number) => (n === 1 ? "it" : "them");

const removedBecause: Record<RemovalReason, (n: number) => string> = {
  limit: (n) => `Took out ${songs(n)}: pushed past the playlist's limit by newer ones`,
  window: (n) => `Took out ${songs(n)}: liked longer ago than the rule's window`,
  sample: (n) => `Took out ${songs(n)}: a new random sample replaced ${them(n)}`,
  ruleChanged: (n) => `Took out ${songs(n)}: no longer matching the rule you edited`,
  correction: (n) => `Took out ${songs(n)}: your correction of an artist says ${them(n)} no longer belong`,
  exclusion: (n) => `Took out ${songs(n)}: you keep ${them(n)} out of this playlist`,
  unliked: (n) => `Took out ${songs(n)}: you no longer like ${them(n)}`,
};

/** What an entry says, for a person. */
export function activityText(entry: {
  kind: ActivityKind;
  count: number;
  reason: string | null;
  detail: string | null;
}): string {
  const { count: n, detail } = entry;
  switch (entry.kind) {
    case "created":
      return `Created in Spotify with ${songs(n)}`;
    case "added":
      return `Added ${songs(n)}`;
    case "removedByCrate":
      return isRemovalReason(entry.reason) ? removedBecause[entry.reason](n) : `Took out ${songs(n)}`;
    case "removedInSpotify":
      return `You removed ${songs(n)} in Spotify; Crate does not add ${them(n)} again`;
    case "putBack":
      return `Put back ${songs(n)} you had removed in Spotify`;
    case "excluded":
      return detail
        ? `You keep all songs by ${detail} out of this playlist`
        : `You keep ${songs(n)} out of this playlist`;
    case "exclusionUndone":
      return detail
        ? `You let the songs by ${detail} back in; they return at the next update`
        : `You let ${songs(n)} back in; ${n === 1 ? "it returns" : "they return"} at the next update`;
    case "ruleChanged":
      return detail ? `You changed the rule: ${detail}` : "You changed the rule";
    case "vanished":
      return "Deleted in Spotify; Crate stopped updating it";
    case "recreated":
      return `Made again in Spotify with ${songs(n)}, and kept up to date again`;
  }
}

/** The wording of the playlist page's Activity section and of the controls that take a change back. */
export const activityPageTexts = {
  title: "Activity",
  help: "What changed in this playlist, newest first, on your clock. Kept for 90 days.",
  none: "Nothing has changed in this playlist yet.",
  showAll: "Show all",
  more: (n: number) => `and ${n} more`,
  putBack: "Put back",
  putBackLabel: (song: string) => `Put back ${song}`,
  putBackDone: "Put back: the song returns at its place in Spotify in a moment.",
  recreate: "Recreate",
  recreateLabel: (playlist: string) => `Recreate ${playlist} in Spotify`,
  recreating: (playlist: string) => `Recreating ${playlist} in Spotify with the songs it held.`,
  recreated: (playlist: string) => `${playlist} is back in Spotify.`,
  /** under the names of playlists deleted in Spotify */
  recreateHint:
    "To have one back with the songs it held, tap Recreate beside it above; to stop keeping it up to date, delete it here.",
  recreateLater: (playlist: string) =>
    `${playlist} is not back in Spotify yet; Crate tries again at the next hourly update.`,
} as const;
