// The parts a criterion is made of, one constructor per kind of condition. The catalogue declares its entries
// with them and a listener's rule compiles into them (listener-rule.ts). Pure.

import { nextDay, startOfDayIn } from "./days.ts";
import type { FactName } from "./facts.ts";
import type { Part, RuleMoment, SongFacts } from "./model.ts";
import { releaseYearOf, wholeBpm } from "./values.ts";

const DAY_MS = 86_400_000;

/** The song's classification holds the category `name` (a catalogue entry name such as `Rock` or `1990s`). */
export const category = (
  fact: FactName,
  name: string,
  label: string,
  text: string = name,
  qualifies = false,
): Part => ({
  fact,
  text,
  label,
  categories: [name],
  qualifies,
  matches: (song) => song.categories.includes(name),
});

/** One of several parts (a criterion's genres: `Rock or indie rock`); each is explained on its own. */
export const oneOf = (options: readonly Part[]): Part => {
  const [only] = options;
  if (options.length === 1 && only) return only;
  const categories = options.every((o) => o.categories)
    ? options.flatMap((o) => o.categories ?? [])
    : undefined;
  return {
    fact: options[0]?.fact ?? "genre",
    text: options.map((o) => o.text).join(" or "),
    label: options.map((o) => o.label).join(" or "),
    categories,
    options,
    matches: (song, moment) => options.some((o) => o.matches(song, moment)),
  };
};

/** "1994-1999", "1994 or later", "1999 or earlier", "1994": an inclusive range as it reads. */
export function rangeText(from: number | null | undefined, to: number | null | undefined): string {
  if (from != null && to != null) return from === to ? `${from}` : `${from}-${to}`;
  if (from != null) return `${from} or later`;
  return `${to} or earlier`;
}

const within = (value: number, from: number | null | undefined, to: number | null | undefined) =>
  (from == null || value >= from) && (to == null || value <= to);

/** The album's release year is within the range, inclusive. */
export const releasedIn = (from?: number | null, to?: number | null): Part => ({
  fact: "released",
  text: `released ${rangeText(from, to)}`,
  label: `Released ${rangeText(from, to)}`,
  needs: "releaseDate",
  matches: (song) => {
    const year = releaseYearOf(song.releaseDate);
    return year !== null && within(year, from, to);
  },
});

const bpmText = (from?: number | null, to?: number | null) =>
  from != null && to == null
    ? `${from} BPM or faster`
    : from == null && to != null
      ? `${to} BPM or slower`
      : `${rangeText(from, to)} BPM`;

/** The known tempo, rounded to whole BPM, is within the range; an unknown tempo never matches. */
export const tempoIn = (from?: number | null, to?: number | null): Part => ({
  fact: "tempo",
  text: bpmText(from, to),
  label: `Tempo ${bpmText(from, to)}`,
  needs: "tempo",
  matches: (song) => {
    const bpm = wholeBpm(song.tempo);
    return bpm !== null && bpm > 0 && within(bpm, from, to);
  },
});

/** Liked within the last `days` days at the time of the update: songs leave as they age out. */
export const likedWithinDays = (days: number): Part => {
  const text = days === 1 ? "liked in the last day" : `liked in the last ${days} days`;
  return {
    fact: "liked",
    text,
    label: text.charAt(0).toUpperCase() + text.slice(1),
    rolling: true,
    matches: (song, moment) => song.likedAt > moment.now - days * DAY_MS && song.likedAt <= moment.now,
  };
};

/** Liked on a day from `from` to `to` (`YYYY-MM-DD`, either open) on the listener's calendar. */
export const likedBetween = (from?: string | null, to?: string | null): Part => {
  const text =
    from && to
      ? from === to
        ? `liked on ${from}`
        : `liked ${from} to ${to}`
      : from
        ? `liked from ${from}`
        : `liked until ${to}`;
  // The day boundaries in the listener's zone, computed once per zone rather than once per like.
  let bounds: { zone: string; start: number; end: number } | null = null;
  const boundsIn = (moment: RuleMoment) => {
    if (bounds?.zone !== moment.timeZone)
      bounds = {
        zone: moment.timeZone,
        start: from ? startOfDayIn(from, moment.timeZone) : Number.NEGATIVE_INFINITY,
        end: to ? startOfDayIn(nextDay(to), moment.timeZone) : Number.POSITIVE_INFINITY,
      };
    return bounds;
  };
  return {
    fact: "liked",
    text,
    label: text.charAt(0).toUpperCase() + text.slice(1),
    matches: (song: SongFacts, moment: RuleMoment) => {
      const { start, end } = boundsIn(moment);
      return song.likedAt >= start && song.likedAt < end;
    },
  };
};

/** One of the song's artists is one of these (Spotify artist ids); `names` gives them words where known. */
export const byArtists = (ids: readonly string[], names: ReadonlyMap<string, string> = new Map()): Part => {
  const wanted = new Set(ids);
  const named = ids.map((id) => names.get(id) ?? id);
  const text = `by ${named.length <= 3 ? named.join(" or ") : `${named.slice(0, 2).join(", ")} or ${named.length - 2} more`}`;
  return {
    fact: "artist",
    text,
    label: text.charAt(0).toUpperCase() + text.slice(1),
    needs: "artistIds",
    matches: (song) => (song.artistIds ?? []).some((id) => wanted.has(id)),
  };
};

/** The song is in this one of the listener's own Spotify playlists. */
export const inPlaylist = (playlistId: string, name?: string | null): Part => {
  const text = name ? `in your playlist '${name}'` : "in one of your playlists";
  return {
    fact: "playlist",
    text,
    label: text.charAt(0).toUpperCase() + text.slice(1),
    needs: "playlists",
    matches: (song) => song.playlists?.has(playlistId) === true,
  };
};
