import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { checkCandidateId } from "../core/candidate-id.js";
import { EnvriggerError } from "../core/errors.js";
import { parseJsonText } from "../core/validate.js";
import { harnessStackSpecSchema, type HarnessStackSpec } from "./harness-stack-spec.js";

/** A stack file: a stack spec, or a stored candidate (which holds one under `stack`). */
const stackFileSchema = z.union([harnessStackSpecSchema, z.object({ stack: harnessStackSpecSchema }).passthrough()]);

/**
 * Read a stack file (`--stack <file>`, `serve --stack`): a stack spec, or a candidate file
 * whose `stack` is one. A missing file is `FILE_NOT_FOUND`; bad JSON or a bad shape is
 * `BAD_ARGUMENT` naming the file; a candidate whose id is not the hash of its stack is `INTEGRITY`.
 */
export function readStackFile(path: string): HarnessStackSpec {
  if (!existsSync(path)) throw new EnvriggerError("FILE_NOT_FOUND", `stack file not found: ${path}`);
  const value = parseJsonText(stackFileSchema, readFileSync(path, "utf8"), `stack file ${path}`, "BAD_ARGUMENT");
  if (!("stack" in value)) return value as HarnessStackSpec;
  // A stored candidate: its stack must be the one it was validated as.
  if (typeof value.id === "string") checkCandidateId({ id: value.id, stack: value.stack }, `candidate file ${path}`);
  return value.stack as HarnessStackSpec;
}
