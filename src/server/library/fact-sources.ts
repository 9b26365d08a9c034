// Where the facts rules read come from: the listener's songs with their like and classification (considered.ts),
// and, for the rules that read them, the facts loaded on demand. One source per loaded field; a new kind of fact
// is its declaration (shared/rules/facts.ts) and its source here.

import type { MembershipLevel } from "../../shared/membership.ts";
import { isRolling } from "../../shared/rules/arrangement.ts";
import { fieldsRead } from "../../shared/rules/evaluate.ts";
import type { LoadedField } from "../../shared/rules/facts.ts";
import type { Rule } from "../../shared/rules/model.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps/deps.ts";
import { loadConsideredSongs, loadConsideredSongsGivingWay, type PlannedSong } from "./considered.ts";
import { firstArtistNames, songsInSourcePlaylists } from "./fact-sources-repository.ts";

type Source = (db: Db, userId: string, songs: readonly PlannedSong[]) => void;

/** How each loaded field is filled in. The release date, the tempo and the artists come with the like. */
const sources: Record<LoadedField, Source> = {
  releaseDate: () => {},
  tempo: () => {},
  artistIds: () => {},
  artistName: (db, _userId, songs) => {
    const names = firstArtistNames(
      db,
      songs.map((s) => s.artistIds?.[0] ?? "").filter((id) => id !== ""),
    );
    for (const song of songs) song.artistName = names.get(song.artistIds?.[0] ?? "") ?? null;
  },
  playlists: (db, userId, songs) => {
    const holding = songsInSourcePlaylists(db, userId);
    const none: ReadonlySet<string> = new Set();
    for (const song of songs) song.playlists = holding.get(song.trackId) ?? none;
  },
};

/** Fills in the fields the rules read, on the songs given. */
export function loadFacts(
  db: Db,
  userId: string,
  songs: readonly PlannedSong[],
  fields: ReadonlySet<LoadedField>,
) {
  for (const field of fields) sources[field](db, userId, songs);
}

/** The fields a set of rules read. */
export function fieldsOfRules(rules: readonly Rule[]): Set<LoadedField> {
  const fields = new Set<LoadedField>();
  for (const rule of rules) for (const field of fieldsRead(rule)) fields.add(field);
  // the first artist's name is read through the artists
  if (fields.has("artistName")) fields.add("artistIds");
  return fields;
}

/**
 * Whether planning a rule reads the listener's unliked songs: a rolling rule keeps those it keeps in their place as
 * if still liked, and a playlist that only grows takes them out with `unliked: remove`. A sample reads none.
 */
export const readsUnliked = (rule: Rule): boolean =>
  rule.sample === null && (rule.unliked === "keep" ? isRolling(rule) : !isRolling(rule));

/** The songs a plan judges: the considered ones, the unliked ones when a rule reads them, and which it knows. */
export interface RuleLibrary {
  considered: PlannedSong[];
  unliked?: ReadonlyMap<string, PlannedSong>;
  /** whether Crate judges a song now: a song it does not (past the free plan's newest likes) stays where it is */
  known(trackId: string): boolean;
}

/** The listener's songs with the facts the rules read. */
export function loadRuleSongs(
  deps: Pick<Deps, "db">,
  userId: string,
  level: MembershipLevel,
  rules: readonly Rule[],
  /** a rule was edited: its held songs are judged again, the unliked ones too */
  editing = false,
): RuleLibrary {
  const fields = fieldsOfRules(rules);
  const reading = { artistIds: fields.has("artistIds") };
  const considered = loadConsideredSongs(deps, userId, level, reading);
  loadFacts(deps.db, userId, considered, fields);
  const byId = new Set(considered.map((s) => s.trackId));
  if (!editing && !rules.some(readsUnliked)) return { considered, known: (id) => byId.has(id) };
  const unlikedSongs = loadConsideredSongs(deps, userId, level, { ...reading, unliked: true });
  loadFacts(deps.db, userId, unlikedSongs, fields);
  const unliked = new Map(unlikedSongs.map((s) => [s.trackId, s]));
  return { considered, unliked, known: (id) => byId.has(id) || unliked.has(id) };
}

/** The considered songs with the facts the rules read, giving the event loop back while it classifies (a request). */
export async function loadConsideredRuleSongsGivingWay(
  deps: Pick<Deps, "db">,
  userId: string,
  level: MembershipLevel,
  rules: readonly Rule[],
): Promise<PlannedSong[]> {
  const fields = fieldsOfRules(rules);
  const considered = await loadConsideredSongsGivingWay(deps, userId, level, {
    artistIds: fields.has("artistIds"),
  });
  loadFacts(deps.db, userId, considered, fields);
  return considered;
}
