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

/** The browser's IANA time zone (`Pacific/Auckland`), if it tells. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The sign-in navigation target: `/api/authorize?referrer=…&timeZone=…` (or `/api/authorize/plans?…` from the
 * plans flow). The time zone decides the month, year and season of the listener's likes.
 */
export function authorizeUrl(path: "/api/authorize" | "/api/authorize/plans" = "/api/authorize"): string {
  const query = new URLSearchParams();
  const referrer = storedReferrer();
  if (referrer) query.set("referrer", referrer);
  const timeZone = browserTimeZone();
  if (timeZone) query.set("timeZone", timeZone);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
