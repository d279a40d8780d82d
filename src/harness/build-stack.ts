import type { ActionableEnv } from "../core/actionable-env.js";
import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import { parseWith } from "../core/validate.js";
import { recordBaseEnvSpec } from "./base-env-registry.js";
import { ChainLayer } from "./chain-layer.js";
import { formatHarnessIssues, type HarnessIssue } from "./harness-issue.js";
import { harnessStackSpecSchema, type HarnessStackSpec, type LayerSpec } from "./harness-stack-spec.js";
import { RulesLayer } from "./rules-layer.js";
import type { RulesRuntime } from "./rules-runtime.js";
import { SetupLayer } from "./setup-layer.js";

/** The result of loading a Rules source: a runtime, or the issues (static check, load). */
export type LoadRulesResult = { ok: true; runtime: RulesRuntime } | { ok: false; issues: HarnessIssue[] };

/**
 * What `buildStack` needs from outside, injected so the harness never imports bridges or
 * the sandbox: how to find an env by id, and how to load a Rules source into a runtime.
 */
export interface BuildStackDependencies {
  resolveEnv(id: string): Promise<EnvDefinition>;
  loadRules(source: string): Promise<LoadRulesResult>;
}

/** Wrap `env` in the layer `layer` describes. */
async function wrap(env: ActionableEnv, layer: LayerSpec, index: number, dependencies: BuildStackDependencies): Promise<ActionableEnv> {
  switch (layer.kind) {
    case "setup":
      return new SetupLayer(env, layer.actions);
    case "rules": {
      const loaded = await dependencies.loadRules(layer.source);
      if (!loaded.ok) {
        const what = layer.name ? `Rules layer ${index} (${layer.name})` : `Rules layer ${index}`;
        throw new EnvriggerError("INVALID_STACK", `${what} failed to load:\n${formatHarnessIssues(loaded.issues)}`, {
          hint: "fix the Rules source so that it passes the static check and loads",
          details: { layer: index, issues: loaded.issues },
        });
      }
      return new RulesLayer(env, loaded.runtime, { source: layer.source, ...(layer.name === undefined ? {} : { name: layer.name }) });
    }
    case "chain": {
      const other = await buildStack(layer.other, dependencies);
      return new ChainLayer(env, other, { mode: layer.mode, secondTaskId: layer.other.base.taskId, ...(layer.banner === undefined ? {} : { banner: layer.banner }) });
    }
  }
}

/**
 * Build a harness stack from its spec: create the base env, then wrap it in each layer,
 * innermost first, in the order given (order matters: `Setup` then `Rules` differs from
 * `Rules` then `Setup`). A spec of the wrong shape or a Rules source that fails to load
 * throws `INVALID_STACK` (anything built so far is closed). `stackSpecOf` writes the
 * result back as data.
 */
export async function buildStack(spec: HarnessStackSpec, dependencies: BuildStackDependencies): Promise<ActionableEnv> {
  const parsed = parseWith(harnessStackSpecSchema, spec, "harness stack spec", "INVALID_STACK");
  const definition = await dependencies.resolveEnv(parsed.base.env);
  const base = await definition.create(parsed.base.options);
  recordBaseEnvSpec(base, parsed.base);
  let env: ActionableEnv = base;
  try {
    for (const [index, layer] of parsed.layers.entries()) env = await wrap(env, layer, index, dependencies);
  } catch (error) {
    await env.close();
    throw error;
  }
  return env;
}
