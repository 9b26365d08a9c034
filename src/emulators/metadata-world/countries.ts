// The country (ISO 3166-1) MusicBrainz would give an artist whose Spotify genres name a scene of that country.
// The emulator's own table, kept apart from Crate's catalogue on purpose.
const demonyms: [RegExp, string][] = [
  [/\b(argentine|argentinian)\b/, "AR"],
  [/\b(australian|aussie)/, "AU"],
  [/\b(belgian|flemish)\b/, "BE"],
  [/\b(brazilian|mpb|sertanejo|funk carioca)\b/, "BR"],
  [/\b(british|uk|english|britpop)\b/, "GB"],
  [/\b(scottish)\b/, "GB"],
  [/\b(canadian|toronto|montreal|quebecois)\b/, "CA"],
  [/\b(chinese|mandopop|cantopop|c-pop)\b/, "CN"],
  [/\b(colombian|vallenato)\b/, "CO"],
  [/\b(danish|dansk|dansktop)\b/, "DK"],
  [/\b(dutch|nederpop)\b/, "NL"],
  [/\b(finnish|suomi|iskelma)\b/, "FI"],
  [/\b(french|chanson)\b/, "FR"],
  [/\b(german|deutschrap|krautrock)\b/, "DE"],
  [/\b(greek|laiko|rebetiko)\b/, "GR"],
  [/\b(icelandic)\b/, "IS"],
  [/\b(indian|bollywood|filmi)\b/, "IN"],
  [/\b(irish)\b/, "IE"],
  [/\b(italian|italo)\b/, "IT"],
  [/\b(jamaican|rocksteady)\b/, "JM"],
  [/\b(japanese|j-pop|j-rock|city pop)\b/, "JP"],
  [/\b(kiwi|nz)\b/, "NZ"],
  [/\b(korean|k-pop|k-indie|k-rap)\b/, "KR"],
  [/\b(mexican|corrido|banda|norteno)\b/, "MX"],
  [/\b(nigerian|naija|afrobeats)\b/, "NG"],
  [/\b(norwegian|norsk)\b/, "NO"],
  [/\b(polish|polski)\b/, "PL"],
  [/\b(portuguese|fado)\b/, "PT"],
  [/\b(russian)\b/, "RU"],
  [/\b(spanish|flamenco)\b/, "ES"],
  [/\b(swedish|svensk|dansband)\b/, "SE"],
  [/\b(taiwan|taiwanese)\b/, "TW"],
  [/\b(turkish|arabesk)\b/, "TR"],
  [/\b(ukrainian)\b/, "UA"],
];

export function countryOfGenres(genres: readonly string[]): string | null {
  for (const genre of genres) {
    for (const [pattern, code] of demonyms) if (pattern.test(genre)) return code;
  }
  return null;
}
