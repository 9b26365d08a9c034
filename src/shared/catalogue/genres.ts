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

export const genreRules: readonly GenreRule[] = [
  { genre: "Acoustic", keywords: ["acoustic", "unplugged"] },
  { genre: "Alternative", keywords: ["alternative", "alt", "grunge"] },
  { genre: "Blues", keywords: ["blues"], exclude: ["rhythm and blues"] },
  {
    genre: "Classical",
    keywords: [
      "classical",
      "neoclassical",
      "baroque",
      "romantic era",
      "classical era",
      "early music",
      "opera",
      "operetta",
      "orchestra",
      "orchestral",
      "chamber music",
      "string quartet",
      "choral",
      "choir",
      "impressionism",
      "minimalism",
    ],
  },
  {
    genre: "Country",
    keywords: ["country", "bluegrass", "honky tonk", "red dirt", "nashville sound"],
  },
  { genre: "Dance", keywords: ["dance", "eurodance", "hi-nrg"] },
  { genre: "Disco", keywords: ["disco", "italo disco", "nu disco"] },
  {
    genre: "Drum and Bass",
    keywords: ["drum and bass", "drum & bass", "dnb", "d&b", "liquid funk", "neurofunk", "jungle", "jump up"],
  },
  { genre: "Dubstep", keywords: ["dubstep", "brostep", "deathstep", "riddim dubstep"] },
  {
    genre: "EDM",
    keywords: [
      "edm",
      "big room",
      "future bass",
      "electro house",
      "progressive house",
      "hardstyle",
      "complextro",
    ],
  },
  {
    genre: "Electronic",
    keywords: [
      "electronic",
      "electronica",
      "electro",
      "electropop",
      "electroclash",
      "synthpop",
      "synthwave",
      "darksynth",
      "idm",
      "ambient",
      "downtempo",
      "trip hop",
      "chillwave",
      "glitch",
      "trance",
      "breakbeat",
      "big beat",
      "indietronica",
      "vaporwave",
      "uk garage",
      "future garage",
      "chillhop",
      "lo-fi beats",
    ],
    includes: ["House", "Techno", "Dubstep", "Drum and Bass", "EDM"],
  },
  { genre: "Emo", keywords: ["emo", "emocore", "screamo"] },
  { genre: "Folk", keywords: ["folk", "americana", "folklore", "folktronica"] },
  { genre: "Funk", keywords: ["funk", "p funk", "g funk", "funky"], exclude: ["liquid funk"] },
  { genre: "Gospel", keywords: ["gospel", "worship", "ccm", "christian"] },
  { genre: "Hip Hop", keywords: ["hip hop", "hip-hop", "hiphop", "boom bap", "g funk", "drill", "grime"] },
  { genre: "House", keywords: ["house"] },
  { genre: "Indie", keywords: ["indie", "indietronica", "indie-pop"] },
  { genre: "J-Pop", keywords: ["j-pop", "jpop", "j-idol", "japanese pop", "anime", "city pop"] },
  { genre: "Jazz", keywords: ["jazz", "bebop", "hard bop", "swing", "big band", "bossa nova"] },
  { genre: "K-Pop", keywords: ["k-pop", "kpop", "korean pop", "k-pop boy group", "k-pop girl group"] },
  {
    genre: "Latin",
    keywords: [
      "latin",
      "latino",
      "salsa",
      "bachata",
      "merengue",
      "cumbia",
      "bolero",
      "reggaeton",
      "mariachi",
      "ranchera",
      "norteno",
      "corrido",
      "corridos tumbados",
      "sierreno",
      "banda",
      "regional mexican",
      "vallenato",
      "tango",
      "dembow",
    ],
  },
  {
    genre: "Metal",
    keywords: ["metal", "metalcore", "deathcore", "djent", "grindcore", "nwobhm", "thrash"],
  },
  {
    genre: "Pop",
    keywords: ["pop", "synthpop", "electropop", "europop", "britpop", "mandopop", "cantopop", "indie-pop"],
    exclude: ["k-pop", "kpop", "korean pop", "j-pop", "jpop", "japanese pop"],
  },
  { genre: "Punk", keywords: ["punk", "post-punk", "hardcore punk", "oi"] },
  { genre: "Rap", keywords: ["rap", "drill", "grime", "k-rap"] },
  {
    genre: "Reggae",
    keywords: ["reggae", "dancehall", "dub", "rocksteady", "lovers rock", "ska"],
    exclude: ["dub techno"],
  },
  { genre: "Reggaeton", keywords: ["reggaeton", "dembow", "perreo", "neoperreo"] },
  {
    genre: "RnB",
    keywords: ["r&b", "rnb", "rhythm and blues", "new jack swing", "neo soul", "k-r&b"],
  },
  {
    genre: "Rock",
    keywords: [
      "rock",
      "rock and roll",
      "rock-and-roll",
      "rockabilly",
      "grunge",
      "shoegaze",
      "krautrock",
      "j-rock",
    ],
    exclude: ["lovers rock"],
  },
  {
    genre: "Singer-Songwriter",
    keywords: ["singer-songwriter", "singer songwriter", "cantautor", "cantautora", "cantautori"],
  },
  { genre: "Soul", keywords: ["soul", "neo soul", "northern soul", "motown"] },
  {
    genre: "Soundtrack",
    keywords: ["soundtrack", "score", "video game music", "vgm", "show tunes", "broadway", "movie tunes"],
  },
  { genre: "Techno", keywords: ["techno", "schranz", "dub techno"] },
  { genre: "Trap", keywords: ["trap", "trap latino", "trap soul"] },
];
