// Sign-in outcomes the browser sees: the reasons the callback puts in `/login?error=<reason>` and their texts.

export const loginErrorReasons = [
  "access_denied",
  "invalid_state",
  "provider_error",
  "not_registered",
  "spotify_quota",
  "busy",
  "server_error",
] as const;
export type LoginErrorReason = (typeof loginErrorReasons)[number];

export const loginErrorMessages: Record<LoginErrorReason, string> = {
  access_denied:
    "You did not give Crate access to your Spotify account, so you are not signed in. Sign in again and accept to continue.",
  invalid_state: "Your sign-in expired or was started in another window. Please sign in again.",
  provider_error: "Spotify could not complete the sign-in right now. Please try again in a little while.",
  busy: "Too many people are signing in right now, so yours could not be completed. Please sign in again in a minute.",
  server_error:
    "Crate could not save your sign-in, so you are not signed in and nothing was changed. Please try again in a little while.",
  not_registered:
    "Spotify refused this account: this Crate runs as a Spotify app in development mode, which only lets in " +
    "accounts its operator has registered. The operator adds your Spotify account (name and email) under " +
    "User Management in the app's Spotify developer dashboard (at most 5 users); then sign in again.",
  spotify_quota:
    "This server has used up its Spotify request quota for now, so Spotify cannot sign you in. Please try again later: Crate continues on its own as soon as Spotify allows it.",
};

/** The text for the login page's `error` query value; null when there is none. Unknown values get a generic text. */
export function loginErrorMessage(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return (loginErrorMessages as Record<string, string>)[reason] ?? loginErrorMessages.provider_error;
}

/** Where a sign-in returns to: the playlists start page, or the plans page when started from there. */
export const signInReturnPaths = {
  default: "/",
  plans: "/plans",
  /** asked from the rule editor when a rule first names a playlist: back to the Combinations tab */
  playlists: "/playlists/combinations",
} as const;
export const NO_CAPACITY_PATH = "/no-capacity";
export const LOGIN_PATH = "/login";
