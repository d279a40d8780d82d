import { imul } from "./intrinsics.js";

/*
 * In-isolate code: the `context.random()` part of the Rules bootstrap (see `rules-bootstrap.ts`).
 */

// --- Deterministic ctx.random(): sfc32 seeded from (seed, turn, hook).
const mix32 = (value: number): number => {
  let hash = value >>> 0;
  hash = imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
};

/**
 * An sfc32 generator seeded on first use from the episode seed (all 53 bits), the turn and
 * the hook, so the same (seed, turn, hook) always gives the same sequence.
 */
export const createRandom = (seed: number, turn: number, hook: number): (() => number) => {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Seeded on first use: most hook calls never draw a number.
  const seedGenerator = () => {
    let state = mix32((seed >>> 0) ^ 0x9e3779b9);
    state = mix32(state ^ ((seed / 4294967296) >>> 0));
    state = mix32(state ^ (turn >>> 0));
    state = mix32(state ^ (hook + 1));
    a = mix32(state ^ 0xdeadbeef);
    b = mix32(state ^ 0x41c64e6d);
    c = mix32(state ^ 0x6c078965);
    d = 1;
    for (let index = 0; index < 12; index++) next();
  };
  let seeded = false;
  return () => {
    if (!seeded) {
      seeded = true;
      seedGenerator();
    }
    return next();
  };
};
