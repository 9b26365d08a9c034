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

/** A comma-separated list of markers, so the table reads as one row per nationality. */
const markers = (list: string): readonly string[] => list.split(",").map((marker) => marker.trim());

export const nationalityRules: readonly NationalityRule[] = [
  {
    nationality: "Argentine",
    markers: markers("argentine, argentino, tango, cuarteto, rkt, cumbia villera"),
  },
  {
    nationality: "Australian",
    markers: markers("australian, aussie, aussietronica, melbourne, sydney, perth, brisbane, adelaide"),
  },
  { nationality: "Belgian", markers: markers("belgian, flemish") },
  {
    nationality: "Brazilian",
    markers: markers(
      "brazilian, brasileiro, mpb, sertanejo, samba, pagode, forro, axe, funk carioca, bossa nova, piseiro, brega, " +
        "arrocha",
    ),
  },
  {
    nationality: "British",
    markers: markers(
      "british, uk, welsh, scottish, britpop, grime, nwobhm, madchester, london, manchester, bristol",
    ),
  },
  { nationality: "Canadian", markers: markers("canadian, toronto, montreal, vancouver, quebecois") },
  { nationality: "Chinese", markers: markers("chinese, c-, mandopop, cantopop, hong kong") },
  { nationality: "Colombian", markers: markers("colombian, colombiano, vallenato") },
  { nationality: "Danish", markers: markers("danish, dansk, dansktop") },
  { nationality: "Dutch", markers: markers("dutch, nederpop, levenslied") },
  { nationality: "Finnish", markers: markers("finnish, suomi, iskelma") },
  { nationality: "French", markers: markers("french, francais, chanson, variete francaise") },
  { nationality: "German", markers: markers("german, deutschrap, neue deutsche welle, krautrock") },
  { nationality: "Greek", markers: markers("greek, laiko, rebetiko, entechno") },
  { nationality: "Icelandic", markers: markers("icelandic") },
  {
    nationality: "Indian",
    markers: markers("indian, desi, bollywood, filmi, punjabi, tamil, telugu, hindi, bhangra"),
  },
  { nationality: "Irish", markers: markers("irish") },
  { nationality: "Italian", markers: markers("italian, italo, cantautori") },
  { nationality: "Jamaican", markers: markers("jamaican, rocksteady") },
  {
    nationality: "Japanese",
    markers: markers("japanese, j-, anime, city pop, shibuya-kei, visual kei, enka, kayokyoku"),
  },
  { nationality: "Kiwi", markers: markers("kiwi, nz, dunedin") },
  { nationality: "Korean", markers: markers("korean, k-") },
  {
    nationality: "Mexican",
    markers: markers(
      "mexican, mexicana, mexicano, mariachi, ranchera, norteno, corrido, corridos tumbados, sierreno, banda",
    ),
  },
  { nationality: "Nigerian", markers: markers("nigerian, naija, afrobeats, alte") },
  { nationality: "Norwegian", markers: markers("norwegian, norsk") },
  { nationality: "Polish", markers: markers("polish, polski, disco polo") },
  { nationality: "Portuguese", markers: markers("portuguese, fado, pimba") },
  { nationality: "Russian", markers: markers("russian") },
  { nationality: "Scottish", markers: markers("scottish") },
  { nationality: "Spanish", markers: markers("spanish, flamenco, rumba catalana") },
  { nationality: "Swedish", markers: markers("swedish, svensk, dansband") },
  { nationality: "Taiwan", markers: markers("taiwan, taiwanese") },
  { nationality: "Turkish", markers: markers("turkish, turk, arabesk") },
  { nationality: "Ukrainian", markers: markers("ukrainian") },
];
