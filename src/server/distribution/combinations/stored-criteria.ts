// Reading combinations back from the database (criteria are stored as a JSON array of Criterion).
import { compileCombination } from "../../../shared/combinations/compile.ts";
import type { Criterion } from "../../../shared/combinations/rules.ts";
import type { Rule, SongOrder, UnlikedChoice } from "../../../shared/rules/model.ts";
import type { CombinatorialPreference } from "../../../shared/schemas/distribution.ts";
import type { Db } from "../../db/client.ts";
import { listedCombinations } from "./repository.ts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

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
  return value.filter(isRecord).map((item, index) => ({
    criterionNumber: typeof item.criterionNumber === "number" ? item.criterionNumber : index + 1,
    genres: Array.isArray(item.genres)
      ? item.genres.filter((genre): genre is string => typeof genre === "string")
      : [],
    decade: typeof item.decade === "number" ? item.decade : null,
    mood: typeof item.mood === "string" ? item.mood : null,
    nationality: typeof item.nationality === "string" ? item.nationality : null,
  }));
}

/** A combination's rule as stored, in the listener's shape (defaults filled in). */
export interface StoredRule {
  criteria: Criterion[];
  except: Criterion[];
  order: SongOrder;
  limit: number | null;
  unliked: UnlikedChoice;
}

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
    criteria: parseStoredCriteria(row.criteria),
    active: row.active,
  }));
}
