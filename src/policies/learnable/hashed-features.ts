import { hashString } from "../../core/seeding.js";

/** Mix two 32-bit hashes into one (murmur3-style finaliser of their combination). */
function combine(left: number, right: number): number {
  let hash = (left ^ Math.imul(right, 0x9e3779b1)) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** The hash of a context feature name (`t:3`, `o:min`, …). */
export function featureHash(name: string): number {
  return hashString(name);
}

/** The hash of a candidate action's identity key. */
export function actionHash(key: string): number {
  return hashString(`action:${key}`);
}

/**
 * The weight index of (context feature, candidate action): the hashing trick over the
 * joint space, so every feature has its own weight per action without a vocabulary.
 */
export function weightIndex(feature: number, action: number, dimension: number): number {
  return combine(feature, action) % dimension;
}
