// The landing page's hero, shared by the React page and the HTML the server sends for `/` before any script runs.
export const landingHero = {
  eyebrow: "For Spotify listeners",
  titleStart: "Your liked songs,",
  titleHighlight: "sorted into playlists",
  titleEnd: "that keep themselves up to date.",
  lead:
    "Pick the playlists you want — by mood, genre, decade, nationality, tempo and more. Crate builds them from " +
    "your Liked Songs and adds every new like where it belongs, all on its own.",
  signIn: "Sign in with Spotify",
  getStarted: "Get started for free",
  highlights: ["Free for up to 15 playlists", "Updated about every hour", "No card needed"],
} as const;
