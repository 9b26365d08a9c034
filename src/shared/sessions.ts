// The texts of the settings' list of sessions.
export const sessionTexts = {
  title: "Where you are signed in",
  help: "Every browser signed in to Crate with your Spotify account. Sign out of any you do not recognise.",
  thisBrowser: "This browser",
  signOut: "Sign out",
  signOutEverywhere: "Sign out everywhere",
  everywhereHelp: "Ends every session, this one included. You sign in again with Spotify.",
  firstSeen: "Signed in",
  lastSeen: "Last seen",
} as const;
