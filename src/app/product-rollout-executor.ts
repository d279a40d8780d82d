import { resolveEnv } from "../bridges/env-registry.js";
import type { PolicyFactory } from "../core/policy.js";
import { buildStack } from "../harness/build-stack.js";
import { resolvePolicy } from "../policies/policy-registry.js";
import { localRolloutExecutor } from "../rollout/local-rollout-executor.js";
import { materializePolicySpec } from "../rollout/policy-artifacts.js";
import type { RolloutExecutor } from "../rollout/rollout-executor.js";
import { artifactCacheDirectory } from "../rollout/artifact-cache-directory.js";
import { productStackDependencies } from "./product-stack-dependencies.js";

/**
 * The product's local executor: stacks built with the registry envs and the sandbox,
 * policies resolved from their specs (once per spec and env; `learned:sha256:<hash>` from
 * the batch's `policyArtifacts`), `file:` plugins relative to `cwd`.
 */
export function productRolloutExecutor(options: { cwd?: string; concurrency?: number } = {}): RolloutExecutor {
  const stack = productStackDependencies(options.cwd);
  const policies = new Map<string, Promise<PolicyFactory>>();
  return localRolloutExecutor({
    concurrency: options.concurrency,
    buildEnv: (spec) => buildStack(spec, stack),
    policy(spec, batch) {
      const key = `${spec}\u0000${batch.stack.base.env}`;
      let found = policies.get(key);
      if (!found) {
        found = (async () => {
          const env = await resolveEnv(batch.stack.base.env, options.cwd);
          const local = await materializePolicySpec(
            spec,
            async (hash) => batch.policyArtifacts?.[hash],
            artifactCacheDirectory(),
          );
          return (await resolvePolicy(local, env.id, options.cwd)).factory;
        })();
        found.catch(() => policies.delete(key));
        policies.set(key, found);
      }
      return found;
    },
  });
}
