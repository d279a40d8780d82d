import { callStarted, configureBudget, hookStarted, overBudgetFailure, overCpuBudget } from "./budget.js";
import { hiddenIntrinsics } from "./intrinsics.js";
import { harden, lockDown } from "./lockdown.js";
import { createRandom } from "./random.js";
import { describeError, failure, serializationFailure, serialize } from "./serializer.js";

/*
 * In-isolate code: the entry of the typed part of the Rules bootstrap (see
 * `rulesBootstrapScript`), bundled into a string by scripts/generate-sandbox-code.ts.
 * Evaluating the bundle takes its private references to the intrinsics (`intrinsics.ts`);
 * calling the function it answers locks the isolate down.
 */

/**
 * Lock the isolate down (see `lockDown`) and answer what the rest of the bootstrap uses:
 * `harden` (the deep freeze), `hiddenIntrinsics` (frozen last, with the global object),
 * `createRandom`, the messages and strict JSON (`failure`, `describeError`, `serialize`,
 * `serializationFailure`) and the CPU-time budget (`configureBudget`, `callStarted`,
 * `hookStarted`, `overCpuBudget`, `overBudgetFailure`).
 */
export default function rulesBootstrapCore(elementLimit: number) {
  lockDown(elementLimit);
  return {
    harden,
    hiddenIntrinsics,
    createRandom,
    failure,
    describeError,
    serialize,
    serializationFailure,
    configureBudget,
    callStarted,
    hookStarted,
    overCpuBudget,
    overBudgetFailure,
  };
}
