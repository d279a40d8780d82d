import { stableStringify, type Json } from "../../core/json.js";
import type { ActionInput } from "../../core/action.js";
import type { PolicyInput } from "../../core/policy.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { showsFailure } from "../../analysis/shows-failure.js";
import { classifyTool, type ToolRole } from "../../analysis/tool-roles.js";
import type { LearnedFeatureConfig } from "./learned-feature-config.js";

const tokenPattern = /[a-z_][a-z0-9_]*|\d+|[^\sa-z0-9_]{1,3}/g;

/** The distinct lower-case tokens of a text (words, numbers, operator runs), at most `limit`. */
export function textTokens(text: string, limit: number): string[] {
  const seen = new Set<string>();
  for (const match of text.toLowerCase().matchAll(tokenPattern)) {
    seen.add(match[0]);
    if (seen.size >= limit) break;
  }
  return [...seen];
}

/** The tool name an action input calls (text: the first word after `<call>` or the first word). */
function calledTool(action: ActionInput): string | null {
  if (typeof action !== "string") return action.name;
  const match = /^\s*(?:<call>\s*)?([^\s<>]+)/.exec(action);
  return match ? match[1]! : null;
}

/** The identity key of an action input: structured actions with sorted keys, text as is. */
export function actionKey(action: ActionInput): string {
  return typeof action === "string" ? `text:${action.trim()}` : stableStringify(action as unknown as Json);
}

/** The role of each tool, by name (generic classification, as the heuristic designer's). */
export function toolRolesOf(tools: readonly ToolSpec[]): Map<string, ToolRole> {
  return new Map(tools.map((tool) => [tool.name, classifyTool(tool)]));
}

/**
 * The context features of a decision, as names, read only from what the policy observes:
 * a bias, the turn, the tokens of the latest observation (`o:`) and of the last
 * information tool's output (`i:`), the last action (`a:`), how often each tool was called
 * so far (`c:`), and the outcome of the last verification call (`v:`: none, pass, fail —
 * failure markers in its output). Each is crossed with every candidate action by the scorer.
 */
export function policyFeatures(
  input: Pick<PolicyInput, "observation" | "history" | "turn">,
  roles: ReadonlyMap<string, ToolRole>,
  config: LearnedFeatureConfig,
): string[] {
  const features = ["b", `t:${Math.min(input.turn, config.turnCap)}`];
  for (const token of textTokens(input.observation.text, config.maxTokens)) features.push(`o:${token}`);
  const counts = new Map<string, number>();
  let information: string | null = null;
  let verification = "none";
  for (const entry of input.history) {
    const tool = calledTool(entry.action);
    if (tool === null) continue;
    counts.set(tool, (counts.get(tool) ?? 0) + 1);
    const role = roles.get(tool) ?? classifyTool({ name: tool });
    if (role === "information") information = entry.observation.text;
    if (role === "verification") verification = showsFailure(entry.observation.text) ? "fail" : "pass";
  }
  if (information !== null) for (const token of textTokens(information, config.maxTokens)) features.push(`i:${token}`);
  const last = input.history.at(-1);
  features.push(`a:${last ? actionKey(last.action) : "none"}`);
  for (const [tool, count] of [...counts.entries()].sort(([left], [right]) => left.localeCompare(right))) {
    features.push(`c:${tool}:${Math.min(count, config.countCap)}`);
  }
  features.push(`v:${verification}`);
  return features;
}
