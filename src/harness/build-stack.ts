import type { ActionableEnv } from "../core/actionable-env.js";
import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import { parseWith } from "../core/validate.js";
import { recordBaseEnvSpec } from "./base-env-registry.js";
import { ChainLayer } from "./chain-layer.js";
import { formatHarnessIssues, type HarnessIssue } from "./harness-issue.js";
import {
  harnessStackSpecSchema,
  type HarnessStackSpec,
  type LayerSpec,
  type RulesLayerSpec,
} from "./harness-stack-spec.js";
import type { RulesGroupRuntime } from "./rules-group-runtime.js";
import { RulesLayer, type RulesLayerOptions } from "./rules-layer.js";
import type { RulesRuntime } from "./rules-runtime.js";
import { SetupLayer } from "./setup-layer.js";

/** The result of loading a Rules source: a runtime, or the issues (static check, load). */
export type LoadRulesResult = { ok: true; runtime: RulesRuntime } | { ok: false; issues: HarnessIssue[] };

/** The result of loading consecutive Rules sources together: a group, or the first failing source (its index) and its issues. */
export type LoadRulesGroupResult =
  | { ok: true; group: RulesGroupRuntime }
  | { ok: false; index: number; issues: HarnessIssue[] };

/**
 * What `buildStack` needs from outside, injected so the harness never imports bridges or
 * the sandbox: how to find an env by id, and how to load a Rules source into a runtime.
 */
export interface BuildStackDependencies {
  resolveEnv(id: string): Promise<EnvDefinition>;
  loadRules(source: string): Promise<LoadRulesResult>;
  /**
   * Load the sources of consecutive Rules layers (innermost first) together, so the layers
   * cross into the sandbox once per hook phase rather than once per layer and hook (see
   * `RulesGroupRuntime`). Optional: without it every Rules layer is loaded on its own with
   * `loadRules`; the stack behaves the same either way.
   */
  loadRulesGroup?(sources: readonly string[]): Promise<LoadRulesGroupResult>;
}

/** The `INVALID_STACK` error of a Rules layer that failed to load. */
function rulesLoadError(layer: RulesLayerSpec, index: number, issues: HarnessIssue[]): EnvriggerError {
  const what = layer.name ? `Rules layer ${index} (${layer.name})` : `Rules layer ${index}`;
  return new EnvriggerError("INVALID_STACK", `${what} failed to load:\n${formatHarnessIssues(issues)}`, {
    hint: "fix the Rules source so that it passes the static check and loads",
    details: { layer: index, issues },
  });
}

/** The options a Rules layer records (its source and name). */
function rulesOptions(layer: RulesLayerSpec): RulesLayerOptions {
  return { source: layer.source, ...(layer.name === undefined ? {} : { name: layer.name }) };
}

/**
 * Wrap `env` in the consecutive Rules layers `layers` (spec indices from `first`), loaded
 * as one group: innermost first, each layer with the group's member for it.
 */
async function wrapRulesGroup(
  env: ActionableEnv,
  layers: RulesLayerSpec[],
  first: number,
  load: NonNullable<BuildStackDependencies["loadRulesGroup"]>,
): Promise<ActionableEnv> {
  const loaded = await load(layers.map((layer) => layer.source));
  if (!loaded.ok) throw rulesLoadError(layers[loaded.index]!, first + loaded.index, loaded.issues);
  let wrapped = env;
  for (const [layer, spec] of layers.entries()) {
    wrapped = new RulesLayer(wrapped, loaded.group.members[layer]!, rulesOptions(spec), {
      runtime: loaded.group,
      layer,
    });
  }
  return wrapped;
}

/** Wrap `env` in the layer `layer` describes. */
async function wrap(
  env: ActionableEnv,
  layer: LayerSpec,
  index: number,
  dependencies: BuildStackDependencies,
): Promise<ActionableEnv> {
  switch (layer.kind) {
    case "setup":
      return new SetupLayer(env, layer.actions, layer.prefixes);
    case "rules": {
      const loaded = await dependencies.loadRules(layer.source);
      if (!loaded.ok) throw rulesLoadError(layer, index, loaded.issues);
      return new RulesLayer(env, loaded.runtime, rulesOptions(layer));
    }
    case "chain": {
      const other = await buildStack(layer.other, dependencies);
      return new ChainLayer(env, other, {
        mode: layer.mode,
        secondTaskId: layer.other.base.taskId,
        ...(layer.banner === undefined ? {} : { banner: layer.banner }),
      });
    }
  }
}

/**
 * Build a harness stack from its spec: create the base env, then wrap it in each layer,
 * innermost first, in the order given (consecutive Rules layers loaded as one group when
 * the dependencies can, see `loadRulesGroup`) (order matters: `Setup` then `Rules` differs from
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
    const { layers } = parsed;
    for (let index = 0; index < layers.length; ) {
      const layer = layers[index]!;
      const loadGroup = dependencies.loadRulesGroup;
      if (layer.kind === "rules" && loadGroup) {
        // Consecutive Rules layers are loaded and run as one group.
        let end = index;
        while (end < layers.length && layers[end]!.kind === "rules") end++;
        env = await wrapRulesGroup(env, layers.slice(index, end) as RulesLayerSpec[], index, loadGroup);
        index = end;
        continue;
      }
      env = await wrap(env, layer, index, dependencies);
      index++;
    }
  } catch (error) {
    await env.close();
    throw error;
  }
  return env;
}
