// What the combination screens keep in the browser (spec §3 'Session storage', 'Local storage').
import { readNameList, writeSession } from "../../../lib/session-storage.ts";

/** `{id}-combinatorial-created`: the names created by a combination request, for its created page. */
export const combinatorialCreatedKey = (progressId: string) => `${progressId}-combinatorial-created`;

export const saveCreatedCombinations = (progressId: string, names: readonly string[]): void =>
  writeSession(combinatorialCreatedKey(progressId), JSON.stringify(names));

export const readCreatedCombinations = (progressId: string): string[] =>
  readNameList(combinatorialCreatedKey(progressId));

/** The local-storage flag that skips the delete confirmation from now on. */
export const HIDE_DELETE_CONFIRMATION = "hideDeleteConfirmation";

export function isDeleteConfirmationHidden(): boolean {
  try {
    return localStorage.getItem(HIDE_DELETE_CONFIRMATION) === "true";
  } catch {
    return false;
  }
}

export function hideDeleteConfirmation(): void {
  try {
    localStorage.setItem(HIDE_DELETE_CONFIRMATION, "true");
  } catch {
    // storage blocked: the confirmation keeps showing
  }
}
