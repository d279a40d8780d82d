import { resolve } from "node:path";
import { resolveEnv } from "../../bridges/env-registry.js";
import { productStackDependencies } from "../../app/product-stack-dependencies.js";
import { resolvePolicy } from "../../policies/policy-registry.js";
import { readCandidateRecord } from "../../rigger/candidate-store.js";
import { measureCandidate, type Measurement } from "../../rigger/measure-candidate.js";
import { createRolloutExecutor } from "../../app/create-rollout-executor.js";
import type { CliIo } from "../cli-io.js";
import { rolloutConcurrencyOf, type RolloutCommandOptions } from "../rollout-options.js";
import { fixed } from "../format-table.js";
import { measureSettingsSchema, measureSettingTable } from "../../rigger/measure-settings.js";
import { settingsFromOptions } from "../setting-options.js";

/** Raw options of `envrigger measure`. */
export interface MeasureCommandOptions extends RolloutCommandOptions {
  candidate: string;
  policy: string;
  episodes?: string;
  seed?: string;
  json?: boolean;
}

/** `envrigger measure`: fresh rollouts of a stored candidate stack. */
export async function measureCommand(options: MeasureCommandOptions, io: CliIo): Promise<Measurement> {
  const { episodes: k, seed } = measureSettingsSchema.parse(
    settingsFromOptions(options as unknown as Record<string, unknown>, measureSettingTable),
  );
  const record = readCandidateRecord(resolve(io.cwd, options.candidate));
  const concurrency = rolloutConcurrencyOf(options, options.policy, record.stack.base.env);
  const env = await resolveEnv(record.stack.base.env, io.cwd);
  const policy = await resolvePolicy(options.policy, env.id, io.cwd);
  const executor = options.queue ? await createRolloutExecutor({ queue: options.queue, cwd: io.cwd }) : undefined;
  const measurement = await measureCandidate(
    record,
    policy.factory,
    { k, seed, concurrency, ...(executor ? { rollouts: { executor, policySpec: options.policy } } : {}) },
    productStackDependencies(io.cwd),
  ).finally(() => executor?.close());
  if (options.json) {
    io.stdout(`${JSON.stringify(measurement)}\n`);
  } else {
    const stops = Object.entries(measurement.stopReasons)
      .map(([reason, count]) => `${reason}:${count}`)
      .join(" ");
    io.stdout(
      `${record.envId}/${record.taskId} candidate ${record.id} · policy ${policy.name} · ${measurement.episodes} fresh rollouts\n` +
        `success ${fixed(measurement.successRate)} (95% CI ${fixed(measurement.successInterval[0])}–${fixed(measurement.successInterval[1])}), mean steps ${fixed(measurement.meanSteps, 1)}, stops ${stops}\n`,
    );
  }
  return measurement;
}
