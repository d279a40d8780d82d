import { EnvriggerError } from "../../core/errors.js";
import type { Json } from "../../core/json.js";

/** A JSON value as a TypeScript literal (strings, numbers, booleans, arrays of them). */
export function literal(value: Json): string {
  return JSON.stringify(value);
}

/**
 * A statement deciding once per episode, with `context.random()`, whether an effect is on:
 * the decision is kept in `context.memory[key]` (a boolean) so every later hook call of the
 * episode agrees.
 */
export function episodeSwitch(key: string, probability: number): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
    throw new EnvriggerError("INTERNAL", `episode switch key ${JSON.stringify(key)} is not an identifier`);
  return `if (typeof context.memory.${key} !== "boolean") context.memory.${key} = context.random() < ${probability};`;
}

/**
 * Statements declaring `const <name>`: an integer knob's value for this episode, from a
 * fractional magnitude — ⌈magnitude⌉ in a fraction (magnitude − ⌊magnitude⌋) of episodes,
 * decided once per episode with `context.random()` (kept in `context.memory[key]`), ⌊magnitude⌋ otherwise.
 */
export function episodeInteger(name: string, key: string, magnitude: number): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new EnvriggerError("INTERNAL", `episode integer name ${JSON.stringify(name)} is not an identifier`);
  const lower = Math.floor(magnitude);
  const fraction = roundMagnitude(magnitude - lower);
  if (fraction === 0) return `const ${name} = ${lower};`;
  return `${episodeSwitch(key, fraction)}
    const ${name} = context.memory.${key} === true ? ${lower + 1} : ${lower};`;
}

/** Round a knob value for a source or a record (six decimals; integers stay integers). */
export function roundMagnitude(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
