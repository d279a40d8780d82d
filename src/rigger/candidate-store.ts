import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomic, writeJsonAtomic } from "../core/atomic-write.js";
import { candidateIdOf, checkCandidateId } from "../core/candidate-id.js";
import { trajectorySchema } from "../core/trajectory.js";
import { parseJsonText } from "../core/validate.js";
import { targetSchema } from "../designer/target.js";
import { harnessStackSpecSchema } from "../harness/harness-stack-spec.js";

const statsRecordSchema = z.record(z.string(), z.unknown());

/** What is stored for an accepted (validated) candidate. */
export const candidateRecordSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  envId: z.string(),
  taskId: z.string(),
  stack: harnessStackSpecSchema,
  target: targetSchema,
  diagnosis: z.string(),
  rationale: z.string(),
  template: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  baseline: statsRecordSchema,
  validation: statsRecordSchema,
  decision: z.string(),
  revisions: z.number().int(),
  designer: z.string(),
  policy: z.string(),
  seeds: z.object({ run: z.number(), observeOffset: z.number(), validateOffset: z.number() }),
  packageVersion: z.string(),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), calls: z.number() }),
  /** Example trajectories for people: one baseline and one validation episode. */
  examples: z.object({ baseline: z.array(trajectorySchema), accepted: z.array(trajectorySchema) }),
});
export type CandidateRecord = z.infer<typeof candidateRecordSchema>;

/** A file-system-safe version of an id. */
function safeName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, "_");
}

/**
 * Stores accepted candidates as `<root>/<env>/<task>/<hash>.json`, with each Rules source
 * beside it as `<hash>.rules-<i>.ts`. Writes are atomic; the hash is of the stack spec, so
 * storing the same candidate twice is idempotent.
 */
export class CandidateStore {
  constructor(readonly root: string) {}

  /** The content hash of a stack spec (first 16 hex digits of SHA-256). */
  static hashOf(stack: unknown): string {
    return candidateIdOf(stack);
  }

  /** Where a record for (env, task, hash) lives. */
  pathOf(envId: string, taskId: string, id: string): string {
    return join(this.root, safeName(envId), safeName(taskId), `${id}.json`);
  }

  /** Write a record (and its Rules sources beside it); returns the JSON file's path. */
  save(record: CandidateRecord): string {
    const path = this.pathOf(record.envId, record.taskId, record.id);
    record.stack.layers.forEach((layer, index) => {
      if (layer.kind === "rules") writeFileAtomic(path.replace(/\.json$/, `.rules-${index}.ts`), layer.source);
    });
    writeJsonAtomic(path, record);
    return path;
  }

  /** Whether a record exists. */
  has(envId: string, taskId: string, id: string): boolean {
    return existsSync(this.pathOf(envId, taskId, id));
  }
}

/**
 * Read and validate a stored candidate file; a candidate whose id is not the hash of its
 * stack (edited after validation) is refused with `INTEGRITY` naming the file.
 */
export function readCandidateRecord(path: string): CandidateRecord {
  const record = parseJsonText(candidateRecordSchema, readFileSync(path, "utf8"), `candidate file ${path}`);
  checkCandidateId(record, `candidate file ${path}`);
  return record;
}
