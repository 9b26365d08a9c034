/** Contact and outside links shown in the footer, the policies and the error texts. */
export const site = {
  name: "Crate",
  supportEmail: "support@crate.example",
  socialUrl: "https://bsky.app/profile/crate.example",
  socialLabel: "Crate on Bluesky",
  spotifyAppsUrl: "https://www.spotify.com/account/apps/",
} as const;
