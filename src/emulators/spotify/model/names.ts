// Word lists for readable, deterministic artist, album and track names.
import type { Rng } from "./random.ts";

const adjectives = [
  "Silver",
  "Golden",
  "Quiet",
  "Electric",
  "Velvet",
  "Midnight",
  "Broken",
  "Crimson",
  "Hollow",
  "Bright",
  "Wild",
  "Lonely",
  "Neon",
  "Paper",
  "Glass",
  "Sunday",
  "Northern",
  "Southern",
  "Lucky",
  "Restless",
  "Gentle",
  "Burning",
  "Frozen",
  "Distant",
  "Secret",
  "Little",
  "Blue",
  "Scarlet",
  "Amber",
  "Lazy",
  "Faded",
  "Honest",
  "Wandering",
  "Sleepless",
  "Tender",
  "Savage",
  "Hidden",
  "Falling",
  "Rising",
  "Endless",
];
const nouns = [
  "River",
  "Harbor",
  "Echo",
  "Garden",
  "Mirror",
  "Highway",
  "Lantern",
  "Orchard",
  "Signal",
  "Canyon",
  "Horizon",
  "Meadow",
  "Thunder",
  "Satellite",
  "Island",
  "Window",
  "Shadow",
  "Compass",
  "Avenue",
  "Ember",
  "Harvest",
  "Ocean",
  "Valley",
  "Feather",
  "Comet",
  "Station",
  "Letter",
  "Parade",
  "Motel",
  "Carousel",
  "Summer",
  "Winter",
  "Rain",
  "Fire",
  "Heart",
  "Dream",
  "Light",
  "Night",
  "Morning",
  "Wave",
];
const plurals = [
  "Wolves",
  "Lights",
  "Tides",
  "Strangers",
  "Kings",
  "Ghosts",
  "Sparrows",
  "Machines",
  "Saints",
  "Rivers",
  "Arrows",
  "Foxes",
  "Dreamers",
  "Pilots",
  "Stones",
  "Daughters",
  "Brothers",
  "Satellites",
  "Horses",
  "Bells",
];
const firstNames = [
  "Ava",
  "Leo",
  "Mila",
  "Noah",
  "Iris",
  "Theo",
  "Nora",
  "Hugo",
  "Lena",
  "Omar",
  "Sofia",
  "Mateo",
  "Yuki",
  "Kenji",
  "Amara",
  "Tariq",
  "Freya",
  "Lars",
  "Ines",
  "Diego",
  "Chloe",
  "Jonah",
  "Priya",
  "Ravi",
  "Zoe",
  "Elias",
  "Maya",
  "Felix",
  "Ada",
  "Jules",
  "Nia",
  "Kofi",
  "Hana",
  "Min",
  "Sasha",
  "Luca",
  "Eva",
  "Ezra",
];
const lastNames = [
  "Hart",
  "Moreno",
  "Lindqvist",
  "Okafor",
  "Tanaka",
  "Rossi",
  "Novak",
  "Fischer",
  "Silva",
  "Kowalski",
  "Dubois",
  "Jensen",
  "Park",
  "Haddad",
  "Walsh",
  "Ivanova",
  "Costa",
  "Mendes",
  "Berg",
  "Kaur",
  "Nakamura",
  "Adeyemi",
  "Laurent",
  "Quinn",
  "Reyes",
  "Sato",
  "Vance",
  "Wilde",
  "Young",
  "Zhou",
  "Bianchi",
  "Kim",
];
const verbs = [
  "Chasing",
  "Holding",
  "Leaving",
  "Finding",
  "Dancing in",
  "Waiting for",
  "Calling",
  "Crossing",
];

export function artistName(rng: Rng): string {
  switch (rng.int(0, 5)) {
    case 0:
      return `The ${rng.pick(adjectives)} ${rng.pick(plurals)}`;
    case 1:
    case 2:
      return `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
    case 3:
      return `${rng.pick(nouns)} ${rng.pick(nouns)}`;
    case 4:
      return `${rng.pick(["DJ", "MC", "Lil", "Young"])} ${rng.pick(firstNames)}`;
    default:
      return `${rng.pick(adjectives)} ${rng.pick(nouns)}`;
  }
}

export function albumName(rng: Rng): string {
  switch (rng.int(0, 3)) {
    case 0:
      return `${rng.pick(adjectives)} ${rng.pick(nouns)}`;
    case 1:
      return `${rng.pick(nouns)} of ${rng.pick(plurals)}`;
    case 2:
      return `The ${rng.pick(nouns)} Sessions`;
    default:
      return rng.pick(nouns);
  }
}

export function trackName(rng: Rng): string {
  switch (rng.int(0, 5)) {
    case 0:
      return `${rng.pick(adjectives)} ${rng.pick(nouns)}`;
    case 1:
      return `${rng.pick(verbs)} the ${rng.pick(nouns)}`;
    case 2:
      return `${rng.pick(nouns)} in the ${rng.pick(nouns)}`;
    case 3:
      return `${rng.pick(adjectives)} ${rng.pick(plurals)}`;
    case 4:
      return `${rng.pick(nouns)} (${rng.pick(["Live", "Acoustic", "Remastered", "Radio Edit", "Demo"])})`;
    default:
      return `${rng.pick(firstNames)}'s ${rng.pick(nouns)}`;
  }
}
