// The listener's view of their playlists: what the Playlists and "Playlists updated" pages show about each
// chosen playlist, and the texts they say it with.
/** The hourly job updates every listener's playlists within this many minutes. */
export const hourlyUpdateMinutes = 60;

/** The address that opens a Spotify playlist in the Spotify app or web player. */
export const spotifyPlaylistUrl = (spotifyPlaylistId: string): string =>
  `https://open.spotify.com/playlist/${encodeURIComponent(spotifyPlaylistId)}`;

/** One Spotify playlist of a chosen playlist: the first, a numbered spill (`Everything 2`), a period, a part. */
export interface PlaylistPart {
  name: string;
  /** null while its creation on Spotify is still pending */
  spotifyUrl: string | null;
  /** the songs Crate put in it and did not take out */
  songCount: number;
  /** ISO time of Crate's last change to its songs */
  lastUpdatedAt: string | null;
  deletedInSpotify: boolean;
}

/** active: updated every hour; frozen: premium-only below PremiumYearly; waiting: no song for it yet */
export type ChosenPlaylistState = "active" | "frozen" | "waiting" | "deleted";

export interface ChosenPlaylist {
  name: string;
  source: "predefined" | "combination";
  state: ChosenPlaylistState;
  /** songs in its parts that still exist in Spotify */
  songCount: number;
  lastUpdatedAt: string | null;
  parts: PlaylistPart[];
}

/** What happened at the listener's last hourly update, when it failed. */
export interface LastRunFailure {
  at: string;
  /** retried: at the next hourly update; signIn: Spotify access was withdrawn; stopped: retries ran out */
  next: "retried" | "signIn" | "stopped";
}

export interface LibraryStatus {
  lastSyncedAt: string | null;
  nextUpdateWithinMinutes: number;
  lastRunFailure: LastRunFailure | null;
}

export interface PlaylistsOverview {
  library: LibraryStatus;
  playlists: ChosenPlaylist[];
}

/** GET /api/playlist-preferences/playlists/run/{distributionProgressId}: the playlists one run wrote to. */
export interface RunPlaylists {
  finished: boolean;
  /** `created`: the run created it */
  playlists: (PlaylistPart & { created: boolean })[];
}

export const overviewTexts = {
  songs: (n: number) => (n === 1 ? "1 song" : `${n.toLocaleString("en-US")} songs`),
  heading: "Your playlists on Spotify",
  listLabel: "Your chosen playlists",
  runHeading: (n: number) => (n === 1 ? "Your playlist in Spotify" : `Your ${n} playlists in Spotify`),
  newPlaylist: "new",
  parts: (n: number) => `${n} playlists`,
  openInSpotify: "Open in Spotify",
  deletedInSpotify: "Deleted in Spotify",
  /** chosen, and no Spotify playlist yet: no update has found a song for it (or the first one is under way) */
  waiting: "Not in Spotify yet: made as soon as an update finds a song for it",
  frozen: "Paused: a Premium playlist",
  notSyncedYet: "Your liked songs have not been read yet.",
  lastSynced: (when: string) => `Crate last read your liked songs ${when}.`,
  updated: (when: string) => `updated ${when}`,
  nextUpdate: (minutes: number) =>
    `The next update comes within ${minutes === 60 ? "the hour" : `${minutes} minutes`}.`,
  lastRunFailed: (when: string) => `The last update of your playlists failed (${when}).`,
  failureNext: {
    retried: "Crate tries again at the next hourly update and continues where it stopped.",
    signIn: "Crate can no longer reach your Spotify library: sign in again to resume the updates.",
    stopped: "Crate stopped retrying after a day; choose your playlists again to start a new update.",
  },
} as const;

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "12 days ago". */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (seconds > -45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes > -60) return relative.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours > -24) return relative.format(hours, "hour");
  return relative.format(Math.round(hours / 24), "day");
}
