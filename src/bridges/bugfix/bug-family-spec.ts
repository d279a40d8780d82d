import type { Rng } from "../../core/seeding.js";
import type { BugFamily } from "./bug-family.js";
import type { FixOpName } from "./edit-op-name.js";

/**
 * Everything that defines a bug family: its six variants (surface forms of one bug), the
 * op that fixes it, how many public and hidden tests a task gets, and how test inputs are
 * drawn. The reference fix of a variant is its fix op applied to the buggy source.
 */
export interface BugFamilySpec {
  family: BugFamily;
  /** The edit op that fixes every variant of this family. */
  fixOp: FixOpName;
  /** Buggy sources of the six variants (JavaScript over the task prelude); 0–3 train, 4–5 held out. */
  variants: readonly string[];
  /** Public tests per task (shown by the `test` tool). */
  publicCount: number;
  /** Hidden tests per task (only the verifier runs them). */
  hiddenCount: number;
  /** The family's input range, for documentation (e.g. `integers in [-5, 14]`). */
  inputRange: string;
  /** Draw one argument tuple for a function with `arity` parameters. */
  drawArgs(rng: Rng, arity: number): number[];
}
