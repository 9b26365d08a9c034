// Reading combinations back from the database (criteria are stored as a JSON array of Criterion).
import { compileCombination } from "../../../shared/combinations/compile.ts";
import type { Criterion, RuleDefinition } from "../../../shared/combinations/rules.ts";
import { rewritePeriod } from "../../../shared/rules/arrangement.ts";
import { partsOf } from "../../../shared/rules/evaluate.ts";
import type { Rule, SongOrder, UnlikedChoice } from "../../../shared/rules/model.ts";
import type { CombinatorialPreference } from "../../../shared/schemas/distribution.ts";
import type { Db } from "../../db/client.ts";
import { likedArtistNames } from "../../library/liked-artist-names.ts";
import { sourcePlaylistNames } from "../../library/source-playlists-repository.ts";
import { activeCombinations, listedCombinations } from "./repository.ts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const num = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
const rangeOf = (value: unknown) =>
  isRecord(value) ? { from: num(value.from), to: num(value.to) } : undefined;

function likedOf(value: unknown): Criterion["liked"] {
  if (!isRecord(value)) return undefined;
  const days = num(value.withinDays);
  if (days !== null) return { withinDays: days };
  const day = (v: unknown) => (typeof v === "string" ? v : null);
  return { from: day(value.from), to: day(value.to) };
}

/** The stored criteria; anything unreadable reads as no criteria (and so matches no song). */
export function parseStoredCriteria(raw: unknown): Criterion[] {
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((item, index) => {
    const criterion: Criterion = {
      criterionNumber: typeof item.criterionNumber === "number" ? item.criterionNumber : index + 1,
      genres: strings(item.genres),
      decade: typeof item.decade === "number" ? item.decade : null,
      mood: typeof item.mood === "string" ? item.mood : null,
      nationality: typeof item.nationality === "string" ? item.nationality : null,
    };
    // The contract's further parts, only where the listener gave them.
    if (item.subgenres !== undefined) criterion.subgenres = strings(item.subgenres);
    const years = rangeOf(item.years);
    if (years) criterion.years = years;
    const tempo = rangeOf(item.tempo);
    if (tempo) criterion.tempo = tempo;
    const liked = likedOf(item.liked);
    if (liked) criterion.liked = liked;
    if (item.artists !== undefined) criterion.artists = strings(item.artists);
    if (typeof item.inPlaylist === "string") criterion.inPlaylist = item.inPlaylist;
    return criterion;
  });
}

/** A combination's rule as stored, in the listener's shape (defaults filled in). */
export type StoredRule = RuleDefinition;

/** Reads a combination's stored rule columns. */
export function readStoredRule(row: {
  criteria: unknown;
  exceptCriteria: unknown;
  songOrder: SongOrder;
  songLimit: number | null;
  unliked: UnlikedChoice;
}): StoredRule {
  return {
    criteria: parseStoredCriteria(row.criteria),
    except: row.exceptCriteria === null ? [] : parseStoredCriteria(row.exceptCriteria),
    order: row.songOrder,
    limit: row.songLimit,
    unliked: row.unliked,
  };
}

/** A stored combination as the rule model (compiled for the one evaluator). */
export const storedRule = (row: Parameters<typeof readStoredRule>[0]): Rule =>
  compileCombination(readStoredRule(row));

/**
 * The user's combinations as `GET /api/playlist-preferences` lists them, in the order they were created. One
 * whose deletion is running, or over, is left out (the table already dropped it); `active: false` means its
 * deletion failed.
 */
export function listCombinations(db: Db, userId: string): CombinatorialPreference[] {
  return listedCombinations(db, userId).map((row) => ({
    combinatorialPlaylistPreferenceId: row.id,
    playlistName: row.playlistName,
    ...readStoredRule(row),
    active: row.active,
  }));
}

/** The listener's own Spotify playlists their updated rules name (`inPlaylist`), each once. */
export function namedSourcePlaylists(db: Db, userId: string): string[] {
  const ids = activeCombinations(db, userId).flatMap((row) => {
    const rule = readStoredRule(row);
    return [...rule.criteria, ...rule.except].flatMap((c) => (c.inPlaylist ? [c.inPlaylist] : []));
  });
  return [...new Set(ids)];
}

/**
 * Whether the listener's updated rules change with time or with Spotify rather than with their likes: a window of
 * days (songs age out), a shuffle (a new order each period), a playlist they name (its songs change there). The
 * hourly job plans these even when no new like came; the plan costs no call where nothing changed.
 */
export function rulesChangeWithoutLikes(db: Db, userId: string): boolean {
  return activeCombinations(db, userId).some((row) => {
    const rule = storedRule(row);
    const definition = readStoredRule(row);
    return (
      partsOf(rule).some((part) => part.rolling === true) ||
      rewritePeriod(rule) !== null ||
      [...definition.criteria, ...definition.except].some((c) => c.inPlaylist !== undefined)
    );
  });
}

/** A stored combination as the rule model, its artists and playlists named as Crate knows them (for words). */
export function namedStoredRule(db: Db, userId: string, row: Parameters<typeof readStoredRule>[0]): Rule {
  const definition = readStoredRule(row);
  const criteria = [...definition.criteria, ...definition.except];
  const artistIds = criteria.flatMap((c) => c.artists ?? []);
  const playlistIds = criteria.flatMap((c) => (c.inPlaylist ? [c.inPlaylist] : []));
  return compileCombination(definition, {
    // only names of artists the listener liked: a rule may name any id, and the names come from every library
    artists: artistIds.length > 0 ? likedArtistNames(db, userId, artistIds) : undefined,
    playlists: sourcePlaylistNames(db, userId, playlistIds),
  });
}
