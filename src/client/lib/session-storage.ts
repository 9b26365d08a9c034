/**
 * Session storage of the playlists screens (spec §3 'Session storage'). Every access is guarded: storage can be
 * blocked (private mode, sandboxed frames), and then the screens work without it.
 */
export const storageKeys = {
  analysisProgressId: "analysisProgressId",
  latestDistributionProgressId: "latestDistributionProgressId",
  created: (progressId: string) => `${progressId}-created`,
  removed: (progressId: string) => `${progressId}-removed`,
  numberOfLikedSongs: (progressId: string) => `${progressId}-numberOfLikedSongs`,
} as const;

export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // storage blocked or full: the screens fall back to what they hold in memory
  }
}

export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing stored, nothing to remove
  }
}

/** A stored JSON list of playlist names; anything else reads as no names. */
export function readNameList(key: string): string[] {
  const raw = readSession(key);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function readNumber(key: string): number | null {
  const raw = readSession(key);
  if (raw === null || raw.trim() === "") return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** What the success page shows for a distribution, stored before navigating to it (spec §4 'Distribute'). */
export function saveDistributionOutcome(
  progressId: string,
  outcome: { created: string[]; removed: string[]; numberOfLikedSongs: number },
): void {
  writeSession(storageKeys.created(progressId), JSON.stringify(outcome.created));
  writeSession(storageKeys.removed(progressId), JSON.stringify(outcome.removed));
  writeSession(storageKeys.numberOfLikedSongs(progressId), String(outcome.numberOfLikedSongs));
}
