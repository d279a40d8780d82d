import { type FixOpName, fixOpNames } from "../../bridges/bugfix/index.js";
import type { PolicyHistoryEntry } from "../../core/policy.js";
import { codeProjectionOf } from "./code-projection-of.js";
import { callOf, type PersonaCall } from "./persona-call.js";
import { testOutcomeOf, type TestOutcome } from "./test-outcome-of.js";

/**
 * Everything a BugFix persona has perceived in an episode, read only from the text it was
 * shown (the first observation and the observation after each of its calls) and from its
 * own calls. Nothing here knows the task id or the bug family.
 */
export interface BugFixPerception {
  /** The latest complete code projection seen (a `function … {` header with balanced braces), or null. */
  code: string | null;
  /** Own calls, oldest first (null entries for actions it could not parse). */
  calls: Array<PersonaCall | null>;
  /** Fix ops that are spent: ones it called and ones an observation reports as applied (e.g. by a Setup). */
  spentOps: FixOpName[];
  /** Whether any edit is known to have changed the source (own, or reported in an observation). */
  edited: boolean;
  /** Whether a `test` call came after the latest edit. */
  testedSinceEdit: boolean;
  /** The outcome of the latest `test` call, or null when it never tested. */
  lastTest: TestOutcome | null;
  /** How many `read` calls it made. */
  reads: number;
}

const appliedPattern = /applied\s+([a-z_]+)/g;

function isFixOp(name: string): name is FixOpName {
  return (fixOpNames as readonly string[]).includes(name);
}

/**
 * Build a persona's perception from the first observation text and its history: the
 * latest complete code, the ops spent, and what its latest edit and test showed.
 */
export function perceiveBugFix(initialText: string, history: readonly PolicyHistoryEntry[]): BugFixPerception {
  const perception: BugFixPerception = {
    code: codeProjectionOf(initialText),
    calls: [],
    spentOps: [],
    edited: false,
    testedSinceEdit: false,
    lastTest: null,
    reads: 0,
  };
  const spend = (op: string) => {
    if (isFixOp(op) && !perception.spentOps.includes(op)) perception.spentOps.push(op);
  };
  const noteApplied = (text: string) => {
    for (const match of text.matchAll(appliedPattern)) {
      spend(match[1] as string);
      perception.edited = true;
      perception.testedSinceEdit = false;
    }
  };
  noteApplied(initialText);
  for (const entry of history) {
    const call = callOf(entry.action);
    perception.calls.push(call);
    const text = entry.observation.text;
    if (call?.tool === "edit" && call.arg !== null) spend(call.arg);
    if (call?.tool === "read") perception.reads += 1;
    if (call?.tool === "test") {
      perception.lastTest = testOutcomeOf(text);
      perception.testedSinceEdit = true;
    }
    perception.code = codeProjectionOf(text) ?? perception.code;
    noteApplied(text);
  }
  return perception;
}
