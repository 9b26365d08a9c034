/**
 * The 34 nationalities and the ONE table of markers that maps Spotify genre strings onto them.
 *
 * Spotify puts the nationality into the genre string, mostly as a demonym prefix (`argentine rock`,
 * `kiwi rock`, `taiwan pop`, `danish pop`), sometimes in the local language (`dansk pop`,
 * `svensk indie`, `norsk rap`), as a country code (`uk drill`, `k-pop`, `j-rock`), after a qualifier
 * (`classic danish pop`, `new wave of british heavy metal`), or as a scene name that belongs to one
 * country (`mpb`, `sertanejo`, `britpop`, `toronto rap`).
 *
 * Matching: every marker is matched as whole words (bounded by the string's start/end, a space or a
 * hyphen) anywhere in the genre string, except markers ending in `-` (`k-`, `j-`, `c-`), which must
 * start a word (`k-pop`, `k-indie`, `j-rock`, `c-pop`). A string can name several nationalities.
 * Decision: Scotland is part of Britain, so `scottish …` counts as Scottish and as British.
 */

export const nationalityNames = [
  "Argentine",
  "Australian",
  "Belgian",
  "Brazilian",
  "British",
  "Canadian",
  "Chinese",
  "Colombian",
  "Danish",
  "Dutch",
  "Finnish",
  "French",
  "German",
  "Greek",
  "Icelandic",
  "Indian",
  "Irish",
  "Italian",
  "Jamaican",
  "Japanese",
  "Kiwi",
  "Korean",
  "Mexican",
  "Nigerian",
  "Norwegian",
  "Polish",
  "Portuguese",
  "Russian",
  "Scottish",
  "Spanish",
  "Swedish",
  "Taiwan",
  "Turkish",
  "Ukrainian",
] as const;

export type NationalityName = (typeof nationalityNames)[number];

export interface NationalityRule {
  nationality: NationalityName;
  /** whole-word markers; a marker ending in `-` is a word prefix (`k-` in `k-pop`) */
  markers: readonly string[];
}

export const nationalityRules: readonly NationalityRule[] = [
  {
    nationality: "Argentine",
    markers: ["argentine", "argentino", "tango", "cuarteto", "rkt", "cumbia villera"],
  },
  {
    nationality: "Australian",
    markers: [
      "australian",
      "aussie",
      "aussietronica",
      "melbourne",
      "sydney",
      "perth",
      "brisbane",
      "adelaide",
    ],
  },
  { nationality: "Belgian", markers: ["belgian", "flemish", "vlaamse"] },
  {
    nationality: "Brazilian",
    markers: [
      "brazilian",
      "brasileiro",
      "mpb",
      "sertanejo",
      "samba",
      "pagode",
      "forro",
      "axe",
      "funk carioca",
      "bossa nova",
      "piseiro",
      "brega",
      "arrocha",
    ],
  },
  {
    nationality: "British",
    markers: [
      "british",
      "uk",
      "english",
      "welsh",
      "scottish",
      "britpop",
      "grime",
      "nwobhm",
      "madchester",
      "london",
      "manchester",
      "bristol",
    ],
  },
  { nationality: "Canadian", markers: ["canadian", "toronto", "montreal", "vancouver", "quebecois"] },
  { nationality: "Chinese", markers: ["chinese", "c-", "mandopop", "cantopop", "hong kong"] },
  { nationality: "Colombian", markers: ["colombian", "colombiano", "vallenato"] },
  { nationality: "Danish", markers: ["danish", "dansk", "dansktop"] },
  { nationality: "Dutch", markers: ["dutch", "nederpop", "levenslied"] },
  { nationality: "Finnish", markers: ["finnish", "suomi", "suomirock", "iskelma"] },
  { nationality: "French", markers: ["french", "francais", "chanson", "variete francaise", "rap francais"] },
  { nationality: "German", markers: ["german", "deutschrap", "neue deutsche welle", "krautrock"] },
  { nationality: "Greek", markers: ["greek", "laiko", "rebetiko", "entechno"] },
  { nationality: "Icelandic", markers: ["icelandic"] },
  {
    nationality: "Indian",
    markers: ["indian", "desi", "bollywood", "filmi", "punjabi", "tamil", "telugu", "hindi", "bhangra"],
  },
  { nationality: "Irish", markers: ["irish"] },
  { nationality: "Italian", markers: ["italian", "italo", "cantautori"] },
  { nationality: "Jamaican", markers: ["jamaican", "rocksteady"] },
  {
    nationality: "Japanese",
    markers: ["japanese", "j-", "anime", "city pop", "shibuya-kei", "visual kei", "enka", "kayokyoku"],
  },
  { nationality: "Kiwi", markers: ["kiwi", "nz", "new zealand", "dunedin"] },
  { nationality: "Korean", markers: ["korean", "k-"] },
  {
    nationality: "Mexican",
    markers: [
      "mexican",
      "mexicana",
      "mexicano",
      "mariachi",
      "ranchera",
      "norteno",
      "corrido",
      "corridos tumbados",
      "sierreno",
      "banda",
    ],
  },
  { nationality: "Nigerian", markers: ["nigerian", "naija", "afrobeats", "alte"] },
  { nationality: "Norwegian", markers: ["norwegian", "norsk"] },
  { nationality: "Polish", markers: ["polish", "polski", "disco polo"] },
  { nationality: "Portuguese", markers: ["portuguese", "fado", "pimba"] },
  { nationality: "Russian", markers: ["russian"] },
  { nationality: "Scottish", markers: ["scottish"] },
  { nationality: "Spanish", markers: ["spanish", "flamenco", "rumba catalana"] },
  { nationality: "Swedish", markers: ["swedish", "svensk", "svenska", "dansband"] },
  { nationality: "Taiwan", markers: ["taiwan", "taiwanese"] },
  { nationality: "Turkish", markers: ["turkish", "turk", "arabesk"] },
  { nationality: "Ukrainian", markers: ["ukrainian"] },
];
