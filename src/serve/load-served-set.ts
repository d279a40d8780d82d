import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { resolveEnv } from "../bridges/env-registry.js";
import { EnvriggerError } from "../core/errors.js";
import type { SplitSelection } from "../core/task.js";
import { readStoredCandidates } from "../export/read-stored-candidates.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { readStackFile } from "../harness/read-stack-file.js";
import { readRun } from "../curriculum/read-run.js";
import { CandidateStore, readCandidateRecord, type CandidateRecord } from "../rigger/candidate-store.js";
import type { MemberWeighting, ServedMember, ServedSet } from "./served-member.js";
import { validationWeight } from "./validation-weight.js";

/** Where the served stacks come from (at most one of `tasks`, `stack`, `candidates`, `run`). */
export interface ServedSetOptions {
  /** The env; implied by `stack`, `candidates` and `run` (their stacks name it), required for bare tasks. */
  env?: string;
  /** Bare tasks by id. */
  tasks?: string[];
  /** A stack spec file or a candidate file. */
  stack?: string;
  /** A directory of stored candidates, or a corpus `.jsonl` file. */
  candidates?: string;
  /** A run directory: its accepted candidates. */
  run?: string;
  /** The split of the bare tasks when no source is given (default train). */
  split?: SplitSelection;
  weighting?: MemberWeighting;
  cwd?: string;
}

function bareMember(env: string, taskId: string): ServedMember {
  const spec: HarnessStackSpec = { version: 1, base: { env, taskId }, layers: [] };
  return { stackId: CandidateStore.hashOf(spec), taskId, spec };
}

/** A member from a candidate record or a corpus line. */
function storedMember(record: Pick<CandidateRecord, "id" | "stack" | "validation" | "target">): ServedMember {
  const success = record.validation.successRate;
  return {
    stackId: CandidateStore.hashOf(record.stack),
    taskId: record.stack.base.taskId,
    spec: record.stack,
    candidateId: record.id,
    ...(typeof success === "number" && success >= 0 && success <= 1 ? { validatedSuccess: success } : {}),
    ...(record.target.successBand ? { successBand: record.target.successBand } : {}),
  };
}

function existing(path: string, what: string): string {
  if (!existsSync(path)) throw new EnvriggerError("FILE_NOT_FOUND", `${what} not found: ${path}`);
  return path;
}

async function membersOf(options: ServedSetOptions, cwd: string): Promise<{ members: ServedMember[]; source: string }> {
  const given = (["tasks", "stack", "candidates", "run"] as const).filter((key) => options[key] !== undefined);
  if (given.length > 1)
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `give at most one of --task, --stack, --candidates, --run (got ${given.map((key) => (key === "tasks" ? "--task" : `--${key}`)).join(", ")})`,
    );
  if (options.stack !== undefined) {
    const path = existing(resolve(cwd, options.stack), "stack file");
    const spec = readStackFile(path);
    const text = readFileSync(path, "utf8");
    const member = text.includes('"validation"')
      ? storedMember(readCandidateRecord(path))
      : { stackId: CandidateStore.hashOf(spec), taskId: spec.base.taskId, spec };
    return { members: [member], source: `--stack ${options.stack}` };
  }
  if (options.candidates !== undefined) {
    // A candidate directory or corpus may hold several envs: serve this env's stacks.
    const lines = readStoredCandidates(resolve(cwd, options.candidates)).filter(
      (line) => options.env === undefined || line.stack.base.env === options.env,
    );
    return {
      members: lines.map((line) =>
        storedMember({ id: line.candidateId, stack: line.stack, validation: line.validation, target: line.target }),
      ),
      source: `--candidates ${options.candidates}`,
    };
  }
  if (options.run !== undefined) {
    const run = await readRun(resolve(cwd, options.run));
    const members = run.tasks
      .filter((task) => task.outcome === "accepted" && task.candidatePath !== null)
      .map((task) => storedMember(readCandidateRecord(resolve(cwd, task.candidatePath as string))));
    return { members, source: `--run ${options.run}` };
  }
  if (options.env === undefined)
    throw new EnvriggerError("BAD_ARGUMENT", "bare tasks need an env: give --env (with --task or --split)", {
      hint: "--stack, --candidates and --run take the env from their stacks",
    });
  const env = options.env;
  const definition = await resolveEnv(env, cwd);
  const split = options.split ?? "train";
  const known =
    split === "all"
      ? [...(await definition.listTasks("train")), ...(await definition.listTasks("heldout"))]
      : await definition.listTasks(split);
  if (options.tasks !== undefined) {
    const ids = [...(await definition.listTasks("train")), ...(await definition.listTasks("heldout"))].map(
      (task) => task.id,
    );
    for (const taskId of options.tasks) {
      if (!ids.includes(taskId))
        throw new EnvriggerError("UNKNOWN_TASK", `env ${env} has no task "${taskId}"`, {
          hint: `tasks: ${ids.slice(0, 30).join(", ")}`,
        });
    }
    return {
      members: options.tasks.map((taskId) => bareMember(env, taskId)),
      source: `--task ${options.tasks.join(",")}`,
    };
  }
  return { members: known.map((task) => bareMember(env, task.id)), source: `--split ${split}` };
}

/** Give each member its task's group, when the env declares one (tasks of every split). */
async function addGroups(members: ServedMember[], env: string, cwd: string): Promise<void> {
  const definition = await resolveEnv(env, cwd);
  const tasks = [...(await definition.listTasks("train")), ...(await definition.listTasks("heldout"))];
  const groups = new Map(tasks.flatMap((task) => (task.group === undefined ? [] : [[task.id, task.group] as const])));
  for (const member of members) {
    const group = groups.get(member.taskId);
    if (group !== undefined) member.group = group;
  }
}

/**
 * Load what `envrigger serve` serves: bare tasks (`--task`, or every task of `--split`), one
 * stack (`--stack`), stored candidates (`--candidates <dir>` or a corpus `.jsonl`), or a
 * run's accepted candidates (`--run`). The env is the one given, else the one the stacks
 * are built on (bare tasks need it given); stored candidates of other envs than a given one
 * are left out; any other member must be built on the env. Duplicates
 * (the same stack spec twice) are served once. `--weights validation` needs every member's
 * validated success and band. Problems are user errors naming the fix.
 */
export async function loadServedSet(options: ServedSetOptions): Promise<ServedSet> {
  const cwd = options.cwd ?? process.cwd();
  const { members: found, source } = await membersOf(options, cwd);
  const members = [...new Map(found.map((member) => [member.stackId, member])).values()];
  const envs = [...new Set(members.map((member) => member.spec.base.env))];
  const env = options.env ?? envs[0];
  if (options.env === undefined && envs.length > 1)
    throw new EnvriggerError("BAD_ARGUMENT", `${source} holds stacks of several envs (${envs.join(", ")})`, {
      hint: `choose one with --env (for instance --env ${envs[0]})`,
    });
  const foreign = members.find((member) => member.spec.base.env !== env);
  if (foreign) {
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `${source} holds a stack built on env ${foreign.spec.base.env}, not ${env} (stack ${foreign.stackId}, task ${foreign.taskId})`,
      { hint: `serve it with --env ${foreign.spec.base.env}, or without --env (the stack names its env)` },
    );
  }
  if (members.length === 0 || env === undefined)
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `${source} holds no stack to serve${options.env ? ` for env ${options.env}` : ""}`,
      {
        hint: "accepted candidates are stored by `envrigger curriculum` (see its --candidates)",
      },
    );
  await addGroups(members, env, cwd);
  const weighting = options.weighting ?? "uniform";
  const weights = members.map((member) => {
    if (weighting === "uniform") return 1;
    if (member.validatedSuccess === undefined || member.successBand === undefined) {
      throw new EnvriggerError(
        "BAD_ARGUMENT",
        `--weights validation needs every served stack's validated success and success band; stack ${member.stackId} (task ${member.taskId}) has none`,
        {
          hint: "serve stored candidates (--candidates or --run), or use --weights uniform",
        },
      );
    }
    return validationWeight(member.validatedSuccess, member.successBand);
  });
  return { envId: env, source, members, weighting, weights };
}
