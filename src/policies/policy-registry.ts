import { EnvriggerError } from "../core/errors.js";
import type { PolicyFactory } from "../core/policy.js";
import { loadPolicyPlugin } from "../plugins/policy-plugin.js";
import { bugfixPolicies } from "./bugfix/bugfix-policies.js";
import { bugfixPersonas } from "./bugfix-personas/bugfix-personas.js";
import { bugfixToolsPolicies } from "./bugfix-tools/bugfix-tools-policies.js";
import { resolveTextworldPolicy, textworldPolicies } from "./textworld/textworld-policies.js";
import { toy24Policies } from "./toy24/toy24-policies.js";
import { miniwobPolicies } from "./miniwob/miniwob-policies.js";
import { repoPolicies } from "./repo/repo-policies.js";
import { LEARNED_POLICY_PREFIX, learnedModelOf, learnedPolicyFor } from "./learnable/resolve-learned-policy.js";

/** Built-in scripted policies per environment id. */
const builtinPolicies: Record<string, Record<string, PolicyFactory>> = {
  bugfix: { ...bugfixPolicies, ...bugfixPersonas },
  "bugfix-tools": { ...bugfixToolsPolicies },
  toy24: { ...toy24Policies },
  textworld: { ...textworldPolicies },
  miniwob: { ...miniwobPolicies },
  repo: repoPolicies("repo"),
};

/** The built-in policies of an env id: a `repo:<dir>` env has the `repo` policies over its own tasks. */
function builtinPoliciesOf(envId: string): Record<string, PolicyFactory> | undefined {
  return envId.startsWith("repo:") ? repoPolicies(envId) : builtinPolicies[envId];
}

/** Envs whose policies answer in a text grammar rather than with tool calls. */
const textGrammarEnvs = new Set(["bugfix"]);

/** A resolved policy: its name (as recorded in results) and a per-episode factory. */
export interface ResolvedPolicy {
  name: string;
  factory: PolicyFactory;
}

/** Names of the built-in policies of an environment. */
export function policiesFor(envId: string): string[] {
  return Object.keys(builtinPoliciesOf(envId) ?? {});
}

/**
 * Find a policy for an environment: a built-in name (`oracle`, `solver`, …),
 * `openai:<model>` / `gemini:<model>` for an LLM (keys from the environment; text mode
 * for envs with a text grammar such as BugFix, tool calling otherwise), `learned:init` /
 * `learned:<weights.json>` for a learnable policy, or `file:<path>` for a plugin module.
 * Unknown names are a user error listing the choices. On `openenv:<url>` served by
 * `envrigger serve`, the served env's built-in policies apply.
 */
export async function resolvePolicy(spec: string, envId: string, cwd?: string): Promise<ResolvedPolicy> {
  // Through `openenv:<url>` on an `envrigger serve` server, the served env's policies apply.
  if (envId.startsWith("openenv:") && !spec.startsWith("file:")) {
    const { servedBaseEnv } = await import("../bridges/openenv/index.js");
    const base = await servedBaseEnv(envId.slice("openenv:".length));
    if (base !== null) envId = base;
  }
  if (spec.startsWith("openai:") || spec.startsWith("gemini:")) {
    const { createLlmPolicy } = await import("./llm/create-llm-policy.js");
    return { name: spec, factory: createLlmPolicy(spec, { mode: textGrammarEnvs.has(envId) ? "text" : "tools" }) };
  }
  if (spec.startsWith(LEARNED_POLICY_PREFIX))
    return { name: spec, factory: learnedPolicyFor(learnedModelOf(spec, envId, cwd), envId, { name: spec }) };
  if (spec.startsWith("file:")) {
    const factory = await loadPolicyPlugin(spec.slice("file:".length), cwd);
    return { name: factory().name, factory };
  }
  if (envId === "textworld" && spec.startsWith("noisy-walkthrough:"))
    return { name: spec, factory: resolveTextworldPolicy(spec) };
  const factory = builtinPoliciesOf(envId)?.[spec];
  if (!factory) {
    const known = policiesFor(envId);
    throw new EnvriggerError("UNKNOWN_POLICY", `unknown policy "${spec}" for env ${envId}`, {
      hint: `use ${known.length > 0 ? `one of ${known.join(", ")}, ` : ""}openai:<model> or gemini:<model> for an LLM, learned:init|<weights.json> for a learnable policy, or file:<path> for a plugin module`,
    });
  }
  return { name: spec, factory };
}

/** How an LLM policy acts on an env: `text` for envs with a text grammar (BugFix), `tools` otherwise — the mode {@link resolvePolicy} gives `openai:`/`gemini:` policies. */
export function llmPolicyModeFor(envId: string): "text" | "tools" {
  return textGrammarEnvs.has(envId) ? "text" : "tools";
}
