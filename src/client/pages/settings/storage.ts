/** Session storage keys removed when the account is deleted (spec §3 'Session storage'). */
export const sessionKeysRemovedOnDeletion = ["referrer", "latestDistributionProgressId"] as const;

export function forgetSessionKeysOfDeletedAccount(): void {
  for (const key of sessionKeysRemovedOnDeletion) {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // storage blocked: nothing was stored
    }
  }
}
