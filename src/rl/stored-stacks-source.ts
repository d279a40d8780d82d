import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import type { JsonObject } from "../core/json.js";
import { createRng, deriveSeed } from "../core/seeding.js";
import { parseJsonText } from "../core/validate.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { readCandidateRecord, type CandidateRecord } from "../rigger/candidate-store.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import { stackEnvironment } from "./stack-environment.js";
import type { TrainingSource } from "./training-source.js";

/** A stored stack a task may train on. */
export interface StoredStack {
  spec: HarnessStackSpec;
  /** The candidate file it came from. */
  label: string;
}

const runResultSchema = z.object({
  tasks: z.array(z.object({ taskId: z.string(), candidate: z.string().nullable() })),
});

/** Every candidate file under a directory (`<env>/<task>/<hash>.json`), in path order. */
function candidateFiles(directory: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(directory).sort()) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) files.push(...candidateFiles(path));
    else if (/^[0-9a-f]{16}\.json$/.test(name)) files.push(path);
  }
  return files;
}

/**
 * Read stored stacks per task: from a run directory (`runs/<id>` with a `result.json`: its
 * accepted candidates) or from a candidates directory (`runs/<id>/candidates/<env>`: every
 * candidate file below it). Only stacks built on `envId` are kept; none at all is an error.
 */
export function readStoredStacks(path: string, envId: string): Map<string, StoredStack[]> {
  const root = resolve(path);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new EnvriggerError("FILE_NOT_FOUND", `stacks directory not found: ${path}`, {
      hint: "pass stacks:runs/<id> (a curriculum run) or stacks:<candidates>/<env> (a candidates directory of one env)",
    });
  }
  const resultPath = join(root, "result.json");
  const records: CandidateRecord[] = existsSync(resultPath)
    ? parseJsonText(runResultSchema, readFileSync(resultPath, "utf8"), resultPath).tasks.flatMap((task) =>
        task.candidate ? [readCandidateRecord(resolve(task.candidate))] : [],
      )
    : candidateFiles(root).map((file) => readCandidateRecord(file));
  const stacks = new Map<string, StoredStack[]>();
  for (const record of records) {
    if (record.stack.base.env !== envId) continue;
    const list = stacks.get(record.taskId) ?? [];
    list.push({ spec: record.stack, label: `${record.taskId}/${record.id}` });
    stacks.set(record.taskId, list);
  }
  if (stacks.size === 0)
    throw new EnvriggerError("BAD_ARGUMENT", `no stored stacks for env ${envId} under ${path}`, {
      hint: "rig some tasks first (envrigger curriculum), or train with --source original",
    });
  return stacks;
}

/**
 * Train on stored stacks: a task with stacks runs each update on one of them (a seeded
 * choice when it has several, built with `dependencies`), a task without any on the original env.
 */
export function storedStacksSource(
  env: EnvDefinition,
  envOptions: JsonObject,
  stacks: ReadonlyMap<string, readonly StoredStack[]>,
  seed: number,
  dependencies: BuildStackDependencies,
): TrainingSource {
  return {
    kind: "stacks",
    environmentOf(taskId, update) {
      const list = stacks.get(taskId);
      const chosen =
        list && list.length > 0 ? createRng(deriveSeed(seed, "stack", taskId, update)).pick(list) : undefined;
      return stackEnvironment(env, envOptions, taskId, chosen, dependencies);
    },
  };
}
