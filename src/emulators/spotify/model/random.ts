// Deterministic randomness: every generated fact is a pure function of the emulator's seed.

/** 32-bit FNV-1a over the text, mixed with the seed. */
export function hashText(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Mixes integers into one well-spread 32-bit value (murmur3 finaliser per part). */
export function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    let k = Math.imul(part | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: small, fast and good enough for test data. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
    chance: (probability) => next() < probability,
  };
}

const BASE62_CODES = Array.from("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", (c) =>
  c.charCodeAt(0),
);
const idCodes = new Array<number>(22);
const BASE62_DIGIT: number[] = [];
BASE62_CODES.forEach((code, digit) => {
  BASE62_DIGIT[code] = digit;
});

/** A 22-character base-62 id like Spotify's, derived from the given parts. */
export function base62Id(...parts: number[]): string {
  let state = mix(...parts) || 1;
  for (let i = 0; i < 22; i++) {
    // xorshift32 steps; the low bits are not used directly
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    idCodes[i] = BASE62_CODES[((state >>> 8) * 62) >>> 24] ?? 48;
  }
  return String.fromCharCode(...idCodes);
}

export const isBase62Id = (value: string): boolean => /^[0-9A-Za-z]{22}$/.test(value);

/** Random token text for codes and tokens (not derived from the seed: these must not be guessable). */
export function randomToken(prefix: string, bytes = 48): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return prefix + Buffer.from(raw).toString("base64url");
}

const ROUNDS = 4;
const half = (value: number, key: number, round: number) => mix(value, key, round) & 0xffff;

/** A keyed permutation of 32-bit integers (Feistel network), so ids can be decoded without a lookup table. */
export function permute32(value: number, key: number): number {
  let left = (value >>> 16) & 0xffff;
  let right = value & 0xffff;
  for (let round = 0; round < ROUNDS; round++) {
    [left, right] = [right, left ^ half(right, key, round)];
  }
  return ((left << 16) | right) >>> 0;
}

export function unpermute32(value: number, key: number): number {
  let left = (value >>> 16) & 0xffff;
  let right = value & 0xffff;
  for (let round = ROUNDS - 1; round >= 0; round--) {
    [left, right] = [right ^ half(left, key, round), left];
  }
  return ((left << 16) | right) >>> 0;
}

const TWO_32 = 4_294_967_296;
/** 62^6 / 2^32, rounded down: how many times a 32-bit value fits into six base-62 digits */
const HEAD_SPREAD = 13;

/**
 * A 22-character base-62 id that encodes `index` (decodable with `decodeIndexedId`): six digits carry the
 * permuted index (spread over the whole digit range), the other sixteen are derived from it.
 */
export function indexedId(seed: number, kind: number, index: number): string {
  const scrambled = permute32(index, mix(seed, kind));
  let head = scrambled + TWO_32 * (mix(seed, kind, scrambled) % HEAD_SPREAD);
  const digits: number[] = [];
  for (let i = 0; i < 6; i++) {
    digits.unshift(BASE62_CODES[head % 62] ?? 48);
    head = Math.floor(head / 62);
  }
  return String.fromCharCode(...digits) + base62Id(seed, kind, scrambled).slice(6);
}

/** The index an `indexedId` encodes, or undefined when the text is no such id. */
export function decodeIndexedId(seed: number, kind: number, id: string): number | undefined {
  if (!isBase62Id(id)) return undefined;
  let head = 0;
  for (let i = 0; i < 6; i++) head = head * 62 + (BASE62_DIGIT[id.charCodeAt(i)] ?? 0);
  const index = unpermute32(head % TWO_32, mix(seed, kind));
  return indexedId(seed, kind, index) === id ? index : undefined;
}
