/**
 * The 35 genres and the ONE table of keyword rules that maps Spotify genre strings
 * (artist genres such as `indie rock`, `danish pop`, `uk drill`) onto them.
 *
 * Matching rules (see docs/catalogue.md):
 * - A keyword matches a genre string as whole words: it must start and end at the string's
 *   start/end, a space or a hyphen. So `rock` matches `indie rock`, `j-rock` and `post-rock`, but
 *   not `rockabilly` (listed separately) and `rap` does not match `trap`.
 * - `hip hop` does not match `trip hop` (the words differ); trip hop counts as Electronic.
 * - `exclude` phrases veto a rule: Pop does not take `k-pop`/`j-pop` (they have their own genres),
 *   Funk does not take `liquid funk` (Drum and Bass), Blues does not take `rhythm and blues` (RnB).
 * - `includes` makes a genre an umbrella: Electronic also takes every string House, Techno,
 *   Dubstep, Drum and Bass or EDM take.
 * A genre string may belong to several genres (`pop punk` is Pop and Punk).
 */

export const genreNames = [
  "Acoustic",
  "Alternative",
  "Blues",
  "Classical",
  "Country",
  "Dance",
  "Disco",
  "Drum and Bass",
  "Dubstep",
  "EDM",
  "Electronic",
  "Emo",
  "Folk",
  "Funk",
  "Gospel",
  "Hip Hop",
  "House",
  "Indie",
  "J-Pop",
  "Jazz",
  "K-Pop",
  "Latin",
  "Metal",
  "Pop",
  "Punk",
  "Rap",
  "Reggae",
  "Reggaeton",
  "RnB",
  "Rock",
  "Singer-Songwriter",
  "Soul",
  "Soundtrack",
  "Techno",
  "Trap",
] as const;

export type GenreName = (typeof genreNames)[number];

export interface GenreRule {
  genre: GenreName;
  /** whole-word phrases, lower case as Spotify writes them */
  keywords: readonly string[];
  /** phrases that veto this rule when present */
  exclude?: readonly string[];
  /** genres whose strings this genre also takes (umbrella genres) */
  includes?: readonly GenreName[];
}

/** A comma-separated list of phrases, so the table reads as one row per genre. */
const phrases = (list: string): readonly string[] => list.split(",").map((phrase) => phrase.trim());

export const genreRules: readonly GenreRule[] = [
  { genre: "Acoustic", keywords: phrases("acoustic") },
  { genre: "Alternative", keywords: phrases("alternative, alt, grunge, permanent wave") },
  { genre: "Blues", keywords: phrases("blues"), exclude: phrases("rhythm and blues") },
  {
    genre: "Classical",
    keywords: phrases(
      "classical, neoclassical, baroque, romantic era, classical era, early music, opera, operetta, orchestra, " +
        "orchestral, string quartet, choral, choir, impressionism, minimalism",
    ),
  },
  {
    genre: "Country",
    keywords: phrases("country, bluegrass, honky tonk, red dirt, nashville sound, sertanejo"),
  },
  { genre: "Dance", keywords: phrases("dance, eurodance, hi-nrg") },
  { genre: "Disco", keywords: phrases("disco, italo disco, nu disco") },
  {
    genre: "Drum and Bass",
    keywords: phrases("drum and bass, dnb, liquid funk, neurofunk, jungle, jump up, drumfunk"),
  },
  { genre: "Dubstep", keywords: phrases("dubstep, brostep, deathstep, riddim dubstep") },
  {
    genre: "EDM",
    keywords: phrases(
      "edm, big room, future bass, electro house, progressive house, hardstyle, complextro, melbourne bounce",
    ),
  },
  {
    genre: "Electronic",
    keywords: phrases(
      "electronic, electronica, electro, electropop, electroclash, synthpop, synthwave, darksynth, idm, ambient, " +
        "downtempo, trip hop, chillwave, glitch, trance, breakbeat, big beat, indietronica, vaporwave, uk garage, " +
        "future garage, chillhop, lo-fi beats, hyperpop, aussietronica",
    ),
    includes: ["House", "Techno", "Dubstep", "Drum and Bass", "EDM"],
  },
  { genre: "Emo", keywords: phrases("emo, emocore, screamo") },
  {
    genre: "Folk",
    keywords: phrases("folk, americana, folklore, folktronica, celtic, stomp and holler, fado, flamenco"),
  },
  {
    genre: "Funk",
    keywords: phrases("funk, p funk, g funk, funky, boogie"),
    exclude: phrases("liquid funk"),
  },
  { genre: "Gospel", keywords: phrases("gospel, worship, ccm, christian, lovsang") },
  { genre: "Hip Hop", keywords: phrases("hip hop, boom bap, g funk, drill, grime") },
  { genre: "House", keywords: phrases("house") },
  {
    genre: "Indie",
    keywords: phrases("indie, indietronica, slowcore, sadcore, madchester, dunedin sound"),
  },
  {
    genre: "J-Pop",
    keywords: phrases("j-pop, j-idol, anime, city pop, shibuya-kei, kayokyoku"),
  },
  {
    genre: "Jazz",
    keywords: phrases("jazz, bebop, hard bop, swing, big band, bossa nova"),
    exclude: phrases("new jack swing"),
  },
  { genre: "K-Pop", keywords: phrases("k-pop") },
  {
    genre: "Latin",
    keywords: phrases(
      "latin, latino, salsa, bachata, merengue, cumbia, bolero, reggaeton, mariachi, ranchera, norteno, corrido, " +
        "corridos tumbados, sierreno, banda, regional mexican, musica mexicana, vallenato, tango, dembow, mambo, " +
        "tropical, cuarteto, rkt",
    ),
    exclude: phrases("tropical house"),
  },
  { genre: "Metal", keywords: phrases("metal, metalcore, deathcore, djent, grindcore, nwobhm, thrash") },
  {
    genre: "Pop",
    keywords: phrases(
      "pop, synthpop, electropop, europop, britpop, mandopop, cantopop, afropop, hyperpop, boy band, " +
        "girl group, schlager, nederpop, variete",
    ),
    exclude: phrases("k-pop, j-pop"),
  },
  {
    genre: "Punk",
    keywords: phrases(
      "punk, post-punk, hardcore punk, oi, post-hardcore, melodic hardcore, easycore, riot grrrl",
    ),
  },
  { genre: "Rap", keywords: phrases("rap, drill, grime, k-rap, plugg, deutschrap") },
  {
    genre: "Reggae",
    keywords: phrases("reggae, dancehall, dub, rocksteady, lovers rock, ska"),
    exclude: phrases("dub techno"),
  },
  { genre: "Reggaeton", keywords: phrases("reggaeton, dembow, perreo, neoperreo") },
  {
    genre: "RnB",
    keywords: phrases(
      "r&b, rnb, rhythm and blues, new jack swing, neo soul, k-r&b, quiet storm, urban contemporary",
    ),
  },
  {
    genre: "Rock",
    keywords: phrases(
      "rock, rock-and-roll, rockabilly, grunge, shoegaze, krautrock, j-rock, mellow gold, new wave, " +
        "neue deutsche welle, neo-psychedelic, british invasion, visual kei",
    ),
    exclude: phrases("lovers rock"),
  },
  {
    genre: "Singer-Songwriter",
    keywords: phrases("singer-songwriter, cantautor, cantautori, chanson"),
  },
  { genre: "Soul", keywords: phrases("soul, neo soul, northern soul, motown") },
  {
    genre: "Soundtrack",
    keywords: phrases(
      "soundtrack, score, video game music, vgm, show tunes, broadway, movie tunes, ost, scorecore, epicore, hollywood",
    ),
  },
  { genre: "Techno", keywords: phrases("techno, schranz, dub techno") },
  { genre: "Trap", keywords: phrases("trap, trap latino, trap soul") },
];
