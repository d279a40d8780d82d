/**
 * Seeding helpers. Every random draw in envrigger derives from an explicit seed: a run
 * seed is mixed with names (task id, rollout index, family …) into child seeds, and each
 * consumer builds its own generator from its seed. Nothing reads `Math.random`.
 */

/** A seeded pseudo-random generator (sfc32). */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** An integer in [min, max] (both inclusive). */
  between(min: number, max: number): number;
  /** True with probability `probability`. */
  chance(probability: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
}

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mix a 32-bit integer (murmur3 finaliser). */
function mix32(value: number): number {
  let hash = value >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/**
 * Derive a child seed (a non-negative 32-bit integer) from a parent seed and any number of
 * names or numbers. Same inputs, same seed; different inputs, independent-looking seeds.
 */
export function deriveSeed(seed: number, ...parts: Array<string | number>): number {
  let state = mix32(seed ^ 0x9e3779b9);
  for (const part of parts) {
    state = mix32(state ^ hashString(`${typeof part}:${part}`));
  }
  return state;
}

/** A seeded generator. Same seed, same sequence. */
export function createRng(seed: number): Rng {
  let a = mix32(seed ^ 0xdeadbeef);
  let b = mix32(seed ^ 0x41c64e6d);
  let c = mix32(seed ^ 0x6c078965);
  let d = 1;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up so that close seeds diverge at once.
  for (let index = 0; index < 12; index++) next();
  const int = (maxExclusive: number): number => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError("pick from an empty array");
      return items[int(items.length)] as T;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = items.slice();
      for (let index = copy.length - 1; index > 0; index--) {
        const other = int(index + 1);
        [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
      }
      return copy;
    },
  };
}
