// What the free plan considers, said one way wherever it is said. Crate places a free listener's newest likes
// (shared/membership.ts, consideredLikes): the first songs of Liked Songs as Spotify lists them, the most recent at
// the top. "First" is the spec's word and the legal pages', so every text says "first" and, where there is room,
// which ones those are; none says "latest" or "newest" alone.
import { limits } from "./limits.ts";

const first = limits.freeConsideredSongs;

export const freePlanTexts = {
  /** the free plan's line on the plan cards */
  planLine: `Your first ${first} liked songs (the newest)`,
  /** the free column of the comparison table */
  tableCell: `First ${first} (the newest)`,
  /** which songs those are, in a sentence */
  which: `the first ${first} songs of your Liked Songs, the ones you liked most recently, at the top of the list in Spotify`,
  /** Premium's line against it */
  premiumLine: `All of your liked songs, not only your first ${first}`,
  /** the upgrade prompt after Update playlists */
  consideredTitle: `Only your first ${first} liked songs were considered`,
  consideredBody: (likes: number) =>
    `You have ${likes} liked songs; the free plan places the first ${first}, the ones you liked most recently. Upgrade to Premium so your whole library is considered and every song finds its playlists.`,
  /** a song a playlist's page lists as not included because of the free plan */
  notIncluded: `Not among your first ${first} liked songs (the newest), the only ones the free plan places`,
} as const;
