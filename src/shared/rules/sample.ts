// Seeded sampling and shuffling: the same seed and songs always give the same sample and the same order.

/** cyrb53: a fast 53-bit string hash, stable across runtimes. */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The `size` items whose hash under `seed` is smallest. Deterministic for a seed, and stable when the
 * population changes a little (an item stays in the sample unless a new item outranks it).
 * The result keeps the input order.
 */
export function seededSample<T>(
  items: readonly T[],
  size: number,
  seed: string,
  keyOf: (item: T) => string,
): T[] {
  if (items.length <= size) return [...items];
  const seedHash = hash53(seed) % 0x7fffffff;
  const ranked = items.map((item, index) => ({ index, score: hash53(keyOf(item), seedHash) }));
  ranked.sort((a, b) => a.score - b.score || a.index - b.index);
  const chosen = ranked.slice(0, size).map((r) => r.index);
  chosen.sort((a, b) => a - b);
  return chosen.map((i) => items[i] as T);
}
