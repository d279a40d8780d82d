import type { Split } from "../../core/task.js";
import type { TestCase } from "../../sandbox/task-code/task-code-types.js";
import type { BugFamily } from "./bug-family.js";
import type { FixOpName } from "./edit-op-name.js";

/** One generated BugFix task: sources, issue text and tests (hidden tests never leave the env). */
export interface BugFixTask {
  /** `<family>-<variant>`, e.g. `clamp-0`. */
  id: string;
  family: BugFamily;
  /** 0–5; variants 0–3 are `train`, 4–5 `heldout`. */
  variant: number;
  split: Split;
  /** The entry function the tests call. */
  functionName: string;
  buggySource: string;
  /** The family's fix op applied to the buggy source. */
  referenceSource: string;
  /** The op that fixes this task. */
  fixOp: FixOpName;
  /** "`<fn>` returns wrong results", the same phrase for every family. */
  issue: string;
  publicTests: TestCase[];
  hiddenTests: TestCase[];
}
