/**
 * Game of 24: the env definition, its tools and puzzles, and the exact arithmetic a policy
 * plans with (fractions, the four operations, replacing a pair by its result). Code outside
 * this folder imports from here.
 */
export { type ArithmeticOperation, applyOperation, arithmeticOperations } from "./arithmetic-operation.js";
export {
  createFraction,
  type Fraction,
  formatFraction,
  fractionIsInteger,
  fractionToNumber,
  parseFraction,
} from "./fraction.js";
export { loadToy24Puzzles } from "./load-toy24-puzzles.js";
export { replacePair } from "./replace-pair.js";
export { type Toy24EnvOptions, toy24Env, toy24EnvOptionsSchema } from "./toy24-env-definition.js";
export { toy24Tools } from "./toy24-tools.js";
