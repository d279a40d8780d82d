import { z } from "zod";
import { formatAction, type Action } from "../../core/action.js";
import { jsonObjectSchema, jsonSchema, stableStringify, type Json, type JsonObject } from "../../core/json.js";
import { parseWith } from "../../core/validate.js";
import type { CandidateLayer } from "../candidate.js";
import type { Attempt, DesignContext } from "../designer.js";
import { bandMiddle } from "./baseline-distance.js";
import { argumentDomains, callCount } from "./call-domains.js";
import { exploredOpenings } from "./explored-openings.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { mostUsedTool } from "./most-used-tool.js";
import { refusedShortcutCalls } from "./reward-shortcut-guard.js";
import { rewriteFirstCallRules } from "./rewrite-first-call-rules.js";
import { roundMagnitude } from "./rules-snippets.js";

/** A replacement the env refuses is retried on the policy's next call of the tool, this many times at most. */
export const REWRITE_RETRIES = 3;

/** At most this many explorations that fell short of the band look for a successful opening. */
export const MAX_SEARCHES = 3;

const settingsSchema = z.object({
  tool: z.string().min(1),
  domains: z.record(z.string(), z.array(jsonSchema).min(1)),
  avoid: z.array(jsonObjectSchema),
});

/** Successes per explored episode of an attempt (its success rate over its probability), or null. */
function exploredRate(attempt: Attempt): number | null {
  const probability = attempt.proposal?.parameters?.probability;
  if (typeof probability !== "number" || probability <= 0 || !attempt.stats) return null;
  return attempt.stats.successRate / probability;
}

/**
 * The explorations that ended a search round: they fell short of the band, and exploring
 * every episode would not reach the band's middle either (successes per explored episode
 * below it). One that fell short but could reach it is tuned like any mixture knob; once
 * an exploration overshot the band, exploring works and later attempts end no round.
 */
function searches(context: DesignContext): Attempt[] {
  const middle = bandMiddle(context);
  const found: Attempt[] = [];
  for (const attempt of context.attempts) {
    if (attempt.proposal?.template !== "explore-call" || attempt.stats === null) continue;
    if (attempt.decision?.direction === "too-easy" || attempt.decision?.direction === "in-band") break;
    const short = attempt.decision?.direction === "too-hard" || attempt.decision?.direction === "unsolvable";
    if (short && (exploredRate(attempt) ?? 0) < middle) found.push(attempt);
  }
  return found;
}

/**
 * The probability of a search round. Exploring is a search for openings to steer by, not
 * the candidate to land in the band — a success rate p·q just under the band is accepted
 * as often as not on a noisy estimate, and the share of good openings q is unknown. So the
 * first round explores 1.5 × the band's lower edge of the episodes (0.6 for [0.4, 0.6]):
 * it stays under the band unless two explored openings in three succeed, and then
 * exploring itself is tuned. Later rounds aim at half the lower edge, from the explored
 * rate so far (successes per explored episode, pooled).
 */
function searchProbability(context: DesignContext, earlier: readonly Attempt[]): number {
  const low = context.target.successBand?.[0] ?? 0.4;
  let explored = 0;
  let successes = 0;
  for (const attempt of earlier) {
    const probability = attempt.proposal?.parameters?.probability;
    if (typeof probability !== "number" || probability <= 0 || !attempt.stats) continue;
    explored += attempt.stats.episodes * probability;
    successes += attempt.stats.successes;
  }
  if (explored === 0) return roundMagnitude(Math.min(1, 1.5 * low));
  const rate = successes / explored;
  return rate > 0 ? roundMagnitude(Math.min(1, (0.5 * low) / rate)) : 1;
}

/** The accepted calls of `tool` in the baseline, in order. */
function acceptedCalls(context: DesignContext, tool: string): Action[] {
  return context.baseline.trajectories.flatMap((trajectory) =>
    trajectory.steps
      .filter(
        (step) =>
          step.parsedAction?.name === tool &&
          step.envAction !== null &&
          (step.info.actionError === undefined || step.info.actionError === null),
      )
      .map((step) => step.parsedAction!),
  );
}

/** "its first move was move(x=1) in 10/10 episodes": how the policy opened with `tool`. */
function firstCallSummary(context: DesignContext, tool: string): string {
  const counts = new Map<string, { action: Action; count: number }>();
  for (const trajectory of context.baseline.trajectories) {
    const first = trajectory.steps.find((step) => step.parsedAction?.name === tool)?.parsedAction;
    if (!first) continue;
    const key = stableStringify(first as unknown as Json);
    counts.set(key, { action: first, count: (counts.get(key)?.count ?? 0) + 1 });
  }
  const top = [...counts.values()].sort((left, right) => right.count - left.count)[0];
  return top
    ? `its first ${tool} was ${formatAction(top.action)} in ${top.count}/${context.baseline.trajectories.length} episodes`
    : `it called ${tool}`;
}

function plan({ context, diagnosis, roles }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "easier" || context.baseline.stats.successes > 0) return null;
  const move = mostUsedTool(context, roles, "other");
  const spec = move ? context.tools.find((tool) => tool.name === move.name) : undefined;
  if (!move || !spec) return null;
  const domains = argumentDomains(spec, acceptedCalls(context, move.name));
  if (!domains || callCount(domains) < 2) return null;
  // Once a kept explored episode succeeded, steer-call takes over from the search.
  if (exploredOpenings(context, "explore-call", true).length > 0) return null;
  const earlier = searches(context);
  // After MAX_SEARCHES rounds without a successful opening, exploring is given up (the task is rejected).
  if (earlier.length >= MAX_SEARCHES) return null;
  // Openings seen failing in the episodes kept from earlier searches are not explored again.
  const avoid = exploredOpenings(context, "explore-call", false, earlier).map((opening) => opening.call.args);
  const ranges = Object.entries(domains)
    .map(([name, values]) => `${name} ∈ {${values.map((value) => JSON.stringify(value)).join(", ")}}`)
    .join(", ");
  const round =
    earlier.length === 0
      ? "a search for openings that succeed, in part of the episodes (nothing in the baseline predicts how many will)"
      : `search round ${earlier.length + 1}: ${earlier.length} exploration(s) fell short of the band without a kept successful episode to steer by; ${avoid.length} opening(s) seen failing are skipped`;
  return {
    template: "explore-call",
    settings: { tool: move.name, domains, avoid },
    knob: { name: "probability", neutral: 0, strongest: 1, integer: false, harderWhen: "smaller", mixture: true },
    initial: searchProbability(context, earlier),
    priority: 0.2,
    reason: `no baseline episode succeeded (0/${context.baseline.stats.episodes}), so there is no successful path to scaffold from, and ${firstCallSummary(context, move.name)}; replacing that first move with another well-formed ${move.name} call (${ranges}) sends some episodes down other paths — ${round}`,
  };
}

/**
 * `explore-call` (easier, for a policy that never succeeds): in a fraction `probability`
 * of episodes, the policy's first accepted call of the move tool it uses most is replaced
 * by a different well-formed call of that tool, its arguments drawn at random from the
 * tool's schema and the values the policy used ({@link argumentDomains}). A policy that
 * would fail the same way every time then starts, in those episodes, from another state.
 * The success rate is the share of explored openings the policy can finish, times p.
 *
 * It doubles as a search for `steer-call`: the validation episodes kept with an attempt
 * show which openings succeeded, and once one did, `steer-call` takes over. When an
 * exploration falls short of the band and could not reach its middle even in every
 * episode, and none of its kept episodes succeeded, the next round skips the openings
 * seen failing and starts at a probability that keeps it under the band (at most
 * {@link MAX_SEARCHES} rounds); otherwise its probability is tuned.
 */
export const exploreCallTemplate: HarnessTemplate = {
  id: "explore-call",
  summary: "replace the policy's first move with a random other well-formed call, in a fraction of episodes",
  plan,
  build(settings: JsonObject, magnitude: number, context: DesignContext): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "explore-call settings");
    return [
      {
        kind: "rules",
        name: "explore-call",
        source: rewriteFirstCallRules(
          parsed.tool,
          { domains: parsed.domains, avoid: parsed.avoid },
          magnitude,
          REWRITE_RETRIES,
          refusedShortcutCalls(context),
        ),
      },
    ];
  },
};
