import type { CandidateRecord } from "../rigger/candidate-store.js";
import type { CorpusLine } from "./corpus-line.js";

/** The corpus line of a stored candidate. */
export function corpusLineOf(record: CandidateRecord): CorpusLine {
  return {
    version: 1,
    candidateId: record.id,
    envId: record.envId,
    taskId: record.taskId,
    stack: record.stack,
    target: record.target,
    baseline: record.baseline,
    validation: record.validation,
    packageVersion: record.packageVersion,
    designer: record.designer,
    policy: record.policy,
  };
}
