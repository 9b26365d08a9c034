/**
 * ISO 3166-1 alpha-2 country codes (as MusicBrainz gives an artist's `country`) → the catalogue's nationalities.
 * Scotland has no code of its own (MusicBrainz answers GB), so Scottish comes from genre strings only.
 * Hong Kong counts as Chinese, as the `hong kong` genre marker does.
 */
import type { NationalityName } from "./nationalities.ts";

export const countryNationalities: Readonly<Record<string, NationalityName>> = {
  AR: "Argentine",
  AU: "Australian",
  BE: "Belgian",
  BR: "Brazilian",
  GB: "British",
  CA: "Canadian",
  CN: "Chinese",
  HK: "Chinese",
  CO: "Colombian",
  DK: "Danish",
  NL: "Dutch",
  FI: "Finnish",
  FR: "French",
  DE: "German",
  GR: "Greek",
  IS: "Icelandic",
  IN: "Indian",
  IE: "Irish",
  IT: "Italian",
  JM: "Jamaican",
  JP: "Japanese",
  NZ: "Kiwi",
  KR: "Korean",
  MX: "Mexican",
  NG: "Nigerian",
  NO: "Norwegian",
  PL: "Polish",
  PT: "Portuguese",
  RU: "Russian",
  ES: "Spanish",
  SE: "Swedish",
  TW: "Taiwan",
  TR: "Turkish",
  UA: "Ukrainian",
};

/** The nationality of an ISO 3166-1 code (any case), or null for other countries and missing codes. */
export const nationalityOfCountry = (code: string | null | undefined): NationalityName | null =>
  code ? (countryNationalities[code.trim().toUpperCase()] ?? null) : null;
