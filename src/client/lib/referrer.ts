const REFERRER_KEY = "referrer";

/** On first load, remember where the visitor came from unless it is our own site (spec §2). */
export function rememberExternalReferrer(): void {
  const referrer = document.referrer;
  if (!referrer) return;
  try {
    if (new URL(referrer).origin === window.location.origin) return;
    sessionStorage.setItem(REFERRER_KEY, referrer);
  } catch {
    // a malformed referrer or blocked storage: nothing to remember
  }
}

export function storedReferrer(): string | null {
  try {
    return sessionStorage.getItem(REFERRER_KEY);
  } catch {
    return null;
  }
}

/** The sign-in navigation target: `/api/authorize?referrer=…` (or `/api/authorize/plans?…` from the plans flow). */
export function authorizeUrl(path: "/api/authorize" | "/api/authorize/plans" = "/api/authorize"): string {
  const referrer = storedReferrer();
  return referrer ? `${path}?referrer=${encodeURIComponent(referrer)}` : path;
}
