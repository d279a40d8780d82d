import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import type { JsonObject } from "../core/json.js";
import type { PolicyFactory } from "../core/policy.js";
import type { TaskInfo } from "../core/task.js";
import { ToolRoles } from "../analysis/tool-roles.js";
import { pathOf } from "../designer/heuristic/demonstration-path.js";
import type { BuildStackDependencies } from "../harness/build-stack.js";
import type { HarnessStackSpec } from "../harness/harness-stack-spec.js";
import { demonstrationEpisodes } from "./demonstration-episodes.js";
import { originalEnvironment, stackEnvironment } from "./stack-environment.js";
import { tasksOfUpdate } from "./train-policy.js";
import type { TrainingSource } from "./training-source.js";

/** Options of {@link reverseCurriculumSource}. */
export interface ReverseCurriculumOptions {
  env: EnvDefinition;
  envOptions: JsonObject;
  trainTasks: readonly Pick<TaskInfo, "id" | "group">[];
  /** The env's demonstrator (`EnvDefinition.demonstrator`, resolved). */
  demonstrator: PolicyFactory;
  /** The trainer's tasks per update and seed: demonstrations are run for the tasks of each update, once. */
  tasksPerUpdate: number;
  seed: number;
  /** How the replaying stacks are built (the product's: `productStackDependencies`). */
  stack: BuildStackDependencies;
}

/**
 * Reverse curriculum generation without a designer (Florensa et al., 2017), the standard
 * curriculum a user would try first: each task's start states are replayed from the
 * demonstrator's solution at a uniformly random depth — per episode, a Setup replays the
 * first d of the solution's n steps before its finishing call, d uniform in 0 … n − 1
 * (the Setup's `prefixes`), so one step at least is always the policy's. A task the
 * demonstrator did not solve trains on the original env. The demonstration is one episode
 * per task on the unmodified env, run when the task is first sampled.
 */
export function reverseCurriculumSource(options: ReverseCurriculumOptions): TrainingSource & {
  /** Tasks whose demonstration succeeded, so far. */
  demonstrated(): number;
} {
  const stacks = new Map<string, HarnessStackSpec | null>();
  let roles: ToolRoles | null = null;
  const demonstrations = demonstrationEpisodes(
    options.env,
    options.envOptions,
    options.demonstrator,
    options.seed,
    "reverse curriculum demonstration",
  );
  const demonstrate = async (taskId: string): Promise<HarnessStackSpec | null> => {
    const [trajectory] = await demonstrations(taskId);
    if (!trajectory) return null;
    if (!roles) {
      const probe = await options.env.create(options.envOptions);
      roles = new ToolRoles(await probe.tools().finally(() => probe.close()));
    }
    const { steps } = pathOf(trajectory, roles, "demonstrator");
    if (steps.length === 0) return null;
    return {
      version: 1,
      base: { env: options.env.id, taskId, options: options.envOptions },
      layers: [
        {
          kind: "setup",
          actions: steps,
          prefixes: steps.map((_, depth) => ({ length: depth, weight: 1 })),
        },
      ],
    };
  };
  return {
    kind: "reverse",
    async prepare(update) {
      for (const task of tasksOfUpdate(options.trainTasks, options.tasksPerUpdate, options.seed, update))
        if (!stacks.has(task.id)) stacks.set(task.id, await demonstrate(task.id));
    },
    environmentOf(taskId) {
      const spec = stacks.get(taskId);
      if (spec === undefined)
        throw new EnvriggerError("INTERNAL", `reverse curriculum: task ${taskId} was not prepared for this update`);
      if (spec === null) return originalEnvironment(options.env, options.envOptions, taskId);
      return stackEnvironment(
        options.env,
        options.envOptions,
        taskId,
        { spec, label: "reverse curriculum" },
        options.stack,
      );
    },
    demonstrated: () => [...stacks.values()].filter((spec) => spec !== null).length,
  };
}
