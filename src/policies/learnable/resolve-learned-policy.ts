import { resolve } from "node:path";
import type { Action, ActionInput } from "../../core/action.js";
import { EnvriggerError } from "../../core/errors.js";
import type { PolicyFactory } from "../../core/policy.js";
import { formatCall } from "../../bridges/bugfix/index.js";
import { LearnableModel } from "./learnable-model.js";
import { learnablePolicyFactory, type LearnablePolicyOptions } from "./learnable-policy.js";
import { loadLearnedWeights } from "./learned-weights-file.js";

/** The prefix of learned-policy specs: `learned:init` or `learned:<weights.json>`. */
export const LEARNED_POLICY_PREFIX = "learned:";

/**
 * How a structured candidate is written in an env's text grammar. BugFix takes
 * `<call> TOOL [ARG] </call>` (its nine well-formed calls); envs not listed take the
 * structured action itself.
 */
const textGrammars: Record<string, (action: Action) => ActionInput> = {
  bugfix: (action) => {
    const values = Object.values(action.args);
    return formatCall(action.name, values.length === 0 ? undefined : String(values[0]));
  },
};

/** The rendering of candidates for an env (its text grammar, or structured actions). */
export function candidateRendererFor(envId: string): ((action: Action) => ActionInput) | undefined {
  return textGrammars[envId];
}

/** The model a `learned:` spec names: fresh weights for `init`, else the weights file (resolved against `cwd`). */
export function learnedModelOf(spec: string, envId: string, cwd = process.cwd()): LearnableModel {
  const target = spec.slice(LEARNED_POLICY_PREFIX.length);
  if (target.length === 0)
    throw new EnvriggerError("BAD_ARGUMENT", `policy "${spec}" names no weights`, {
      hint: "use learned:init or learned:<weights.json>",
    });
  if (target === "init") return LearnableModel.initial();
  const path = resolve(cwd, target);
  const model = loadLearnedWeights(path);
  if (model.envId !== null && model.envId !== envId) {
    throw new EnvriggerError("BAD_CONFIG", `weights file ${path} was trained on env ${model.envId}, not ${envId}`, {
      hint: `pass --env ${model.envId}, or train weights for ${envId}`,
    });
  }
  return model;
}

/** A learnable policy's factory for an env, from a model (rendering candidates in the env's text grammar). */
export function learnedPolicyFor(
  model: LearnableModel,
  envId: string,
  options: LearnablePolicyOptions = {},
): PolicyFactory {
  return learnablePolicyFactory(model, { render: candidateRendererFor(envId), ...options });
}
