/** Alphabetical, numeric-aware and case-insensitive: `Latest 50` < `Latest 100` < `Latest 200`. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

export const compareNames = (a: string, b: string): number => collator.compare(a, b);

/** The first number in a name (`Slow (51-70 BPM)` → 51), or Infinity when it has none. */
export const firstNumberOf = (name: string): number => {
  const match = /\d+/.exec(name);
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
};

/** Tempo order: by the first number in the name, then by name. */
export const compareByFirstNumber = (a: string, b: string): number =>
  firstNumberOf(a) - firstNumberOf(b) || compareNames(a, b);
