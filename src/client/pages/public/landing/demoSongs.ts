/** The five sample songs of the landing page's demo and the catalogue playlists each one lands in. */
export interface DemoSong {
  title: string;
  artist: string;
  year: number;
  /** hue of the generated cover */
  hue: number;
  playlists: string[];
}

export const demoSongs: DemoSong[] = [
  {
    title: "Golden Hour Drive",
    artist: "Luna Vega",
    year: 2021,
    hue: 24,
    playlists: ["Pop", "Upbeat", "2020s", "Fast (111-160 BPM)"],
  },
  {
    title: "Smoke & Velvet",
    artist: "The Midnight Quarter",
    year: 1996,
    hue: 265,
    playlists: ["Jazz", "Chill", "1990s", "Slow (51-70 BPM)"],
  },
  {
    title: "Concrete Gardens",
    artist: "Harbor MC",
    year: 2004,
    hue: 190,
    playlists: ["Hip Hop", "Beats", "2000s", "Latest 50 Liked Songs"],
  },
  {
    title: "Northern Lights",
    artist: "Aurora Fjell",
    year: 2018,
    hue: 150,
    playlists: ["Indie", "Norwegian", "Moody", "2010s"],
  },
  {
    title: "Neon Heartbeat",
    artist: "Kaito & The Wires",
    year: 1985,
    hue: 320,
    playlists: ["Electronic", "Japanese", "Party", "1980s"],
  },
];

export function coverGradient(hue: number): string {
  return `linear-gradient(135deg, hsl(${hue} 85% 62%), hsl(${(hue + 50) % 360} 70% 38%))`;
}
