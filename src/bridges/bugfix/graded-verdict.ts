import type { Evaluation } from "../../core/evaluation.js";
import type { JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import { truncateOutput } from "./truncate-output.js";

/**
 * The verdict of a graded coding episode from its info record: `success` iff submitted and
 * every hidden test passes; `score` the hidden pass fraction if submitted, else 0;
 * `metrics` the record itself (a copy).
 */
export function gradedVerdict(record: {
  submitted: boolean;
  hiddenPass: boolean | null;
  hiddenFrac: number | null;
}): Evaluation {
  return {
    success: record.submitted && record.hiddenPass === true,
    score: record.submitted ? (record.hiddenFrac ?? 0) : 0,
    metrics: structuredClone(record) as unknown as JsonObject,
  };
}

/** The issue text, followed by the last step's output once there is one (cut to `budget`). */
export function issueObservation(issue: string, lastText: string | null, budget: number): Observation {
  return { text: lastText === null ? issue : truncateOutput(`${issue}\n\n${lastText}`, budget) };
}
