import { resolveEnv } from "../bridges/env-registry.js";
import { resolveDesigner } from "../designer/designer-registry.js";
import { matchWeakness } from "../designer/heuristic/match-weakness.js";
import { resolvePolicy } from "../policies/policy-registry.js";
import { buildStack } from "../harness/build-stack.js";
import { localRolloutExecutor } from "../rollout/local-rollout-executor.js";
import { CandidateStore } from "../rigger/candidate-store.js";
import type { RigDependencies } from "../rigger/rig-dependencies.js";
import { checkComponent } from "../sandbox/rules/component-check.js";
import { harnessApiDeclaration } from "../sandbox/rules/harness-api.js";
import { PRODUCT_SANDBOX_OPTIONS } from "./product-sandbox-options.js";
import type { CurriculumConfig } from "../curriculum/curriculum-config.js";
import { productStackDependencies } from "./product-stack-dependencies.js";
import { openRolloutQueue } from "../queue/open-rollout-queue.js";
import { eventLogger } from "../curriculum/run-curriculum.js";

/** Options of {@link createRigDependencies}. */
export interface CreateRigDependenciesOptions {
  /** Append rig events to the run's events.jsonl (default true). */
  logEvents?: boolean;
  /** Working directory for `file:` plugins (default the process's). */
  cwd?: string;
  /** Send rollouts to the queue at this Redis URL (`redis://…`, `rediss://…`) instead of running them here. */
  queue?: string;
}

/**
 * The composition root of a rig run: env, policy, the env's demonstrator (if it names one)
 * and designer resolved from their specs,
 * Rules loaded into the isolated-vm sandbox, candidates stored under the run's candidates
 * directory, and the named weakness (if any) matched to a detector. Unknown specs fail here,
 * before anything runs.
 */
export async function createRigDependencies(
  config: Pick<CurriculumConfig, "env" | "envOptions" | "policy" | "designer" | "target" | "candidatesDir">,
  runDirectory: string,
  options: CreateRigDependenciesOptions = {},
): Promise<RigDependencies> {
  const env = await resolveEnv(config.env, options.cwd);
  const policy = await resolvePolicy(config.policy, env.id, options.cwd);
  const demonstrator = env.demonstrator ? await resolvePolicy(env.demonstrator, env.id, options.cwd) : undefined;
  const designer = await resolveDesigner(config.designer);
  let weaknessShows: RigDependencies["weaknessShows"];
  if (config.target.weakness) {
    const detector = matchWeakness(config.target.weakness);
    const probe = await env.create(config.envOptions);
    const tools = await probe.tools();
    await probe.close();
    weaknessShows = (trajectory) => detector.shows(trajectory, tools);
  }
  const stack = productStackDependencies(options.cwd);
  return {
    env,
    policy: policy.factory,
    ...(demonstrator ? { demonstrator: demonstrator.factory } : {}),
    designer,
    stack,
    checkRules: async (source) => checkComponent(source, PRODUCT_SANDBOX_OPTIONS),
    harnessApi: harnessApiDeclaration,
    store: new CandidateStore(config.candidatesDir),
    weaknessShows,
    onEvent: options.logEvents === false ? undefined : eventLogger(runDirectory),
    // Local batches keep the envs of the last two stacks (the bare env, the candidate under
    // validation) between batches: a candidate's Rules are loaded once per validation rather
    // than once per batch of K. Whoever rigs with these dependencies closes `rollouts`.
    rollouts: options.queue
      ? await openRolloutQueue(options.queue, { cwd: options.cwd })
      : localRolloutExecutor({
          buildEnv: (spec) => buildStack(spec, stack),
          policy: async () => policy.factory,
          reuseStacks: 2,
        }),
  };
}
