import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { resolveEnv } from "../../bridges/env-registry.js";
import { EnvriggerError } from "../../core/errors.js";
import type { Evaluation } from "../../core/evaluation.js";
import type { StopReason } from "../../core/trajectory.js";
import { productStackDependencies } from "../../app/product-stack-dependencies.js";
import { buildStack } from "../../harness/build-stack.js";
import { policiesFor, resolvePolicy } from "../../policies/policy-registry.js";
import { runEpisode } from "../../rollout/run-episode.js";
import { checkComponent } from "../../sandbox/rules/component-check.js";
import type { ComponentIssue } from "../../sandbox/rules/component-issue.js";
import { PRODUCT_SANDBOX_OPTIONS } from "../../app/product-sandbox-options.js";
import type { CliIo } from "../cli-io.js";
import { parseInteger } from "../parse-arguments.js";

/** Raw options of `envrigger check-component`. */
export interface CheckComponentCommandOptions {
  env?: string;
  task?: string;
  policy?: string;
  seed?: string;
  json?: boolean;
}

/** The `check-component --json` object. */
export interface CheckComponentReport {
  ok: boolean;
  issues: ComponentIssue[];
  smoke?: { stopReason: StopReason; evaluation: Evaluation | null; steps: number; error?: string };
}

/**
 * `envrigger check-component <file.ts>`: static check and trial load of a Rules component;
 * with `--env` and `--task`, also one smoke episode through `Rules<env>` with a scripted
 * policy (the env's first built-in policy unless `--policy` names one). Exit code: 0 when
 * ok, 1 when the component is refused (or its smoke episode errors), 2 on bad arguments.
 */
export async function checkComponentCommand(
  file: string,
  options: CheckComponentCommandOptions,
  io: CliIo,
): Promise<number> {
  const path = resolve(io.cwd, file);
  if (!existsSync(path)) throw new EnvriggerError("FILE_NOT_FOUND", `component file not found: ${path}`);
  if ((options.env === undefined) !== (options.task === undefined))
    throw new EnvriggerError("BAD_ARGUMENT", "--env and --task go together (the smoke episode needs both)");
  const source = readFileSync(path, "utf8");
  const verdict = await checkComponent(source, PRODUCT_SANDBOX_OPTIONS);
  const report: CheckComponentReport = { ok: verdict.ok, issues: verdict.issues };
  if (verdict.ok && options.env && options.task) {
    const definition = await resolveEnv(options.env, io.cwd);
    const policyName = options.policy ?? policiesFor(definition.id)[0];
    if (!policyName)
      throw new EnvriggerError("BAD_ARGUMENT", `env ${definition.id} has no built-in policy: pass --policy`);
    const policy = await resolvePolicy(policyName, definition.id, io.cwd);
    const env = await buildStack(
      { version: 1, base: { env: options.env, taskId: options.task }, layers: [{ kind: "rules", source }] },
      productStackDependencies(io.cwd),
    );
    try {
      const trajectory = await runEpisode(env, policy.factory(), {
        taskId: options.task,
        seed: parseInteger(options.seed ?? "0", "--seed"),
      });
      report.smoke = {
        stopReason: trajectory.stopReason,
        evaluation: trajectory.evaluation ?? null,
        steps: trajectory.steps.length,
        ...(trajectory.error ? { error: trajectory.error } : {}),
      };
      if (trajectory.stopReason === "error") report.ok = false;
    } finally {
      await env.close();
      await definition.dispose?.();
    }
  }
  if (options.json) {
    io.stdout(`${JSON.stringify(report)}\n`);
  } else {
    io.stdout(
      report.issues.length === 0
        ? "static check and load: ok\n"
        : `refused:\n${report.issues.map((issue) => `- [${issue.code}] ${issue.message}${issue.line === undefined ? "" : ` (line ${issue.line})`}`).join("\n")}\n`,
    );
    if (report.smoke) {
      io.stdout(
        `smoke episode: ${report.smoke.steps} steps, stop ${report.smoke.stopReason}, success ${report.smoke.evaluation?.success ?? "-"}${report.smoke.error ? ` — ${report.smoke.error}` : ""}\n`,
      );
    }
  }
  return report.ok ? 0 : 1;
}
