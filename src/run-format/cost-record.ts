import { z } from "zod";

const count = z.number().int().nonnegative();

/**
 * Tokens spent on model calls: prompt (input) and completion (output) tokens, provider
 * responses, and the prompt tokens the provider served from its cache (`cachedInputTokens`,
 * part of `inputTokens`; absent when the provider reported none).
 */
export const tokenCountsSchema = z.object({
  inputTokens: count,
  outputTokens: count,
  calls: count,
  cachedInputTokens: count.optional(),
});
export type TokenCounts = z.infer<typeof tokenCountsSchema>;

/**
 * What rigging spent — one task's, or a run's in total: rollouts (episodes started,
 * errored ones included), env steps (policy turns over those episodes), wall time in the
 * rig loop, and the tokens of the policy's model (LLM policies) and of the designer's (LLM
 * designers) apart. Stored in each task's checkpoint, so a resumed run keeps counting;
 * written to `result.json` per task and in total.
 */
export const costRecordSchema = z.object({
  rollouts: count,
  envSteps: count,
  wallMs: z.number().nonnegative(),
  policyTokens: tokenCountsSchema,
  designerTokens: tokenCountsSchema,
});
export type CostRecord = z.infer<typeof costRecordSchema>;

/** No tokens. */
export function emptyTokenCounts(): TokenCounts {
  return { inputTokens: 0, outputTokens: 0, calls: 0 };
}

/** Nothing spent. */
export function emptyCost(): CostRecord {
  return { rollouts: 0, envSteps: 0, wallMs: 0, policyTokens: emptyTokenCounts(), designerTokens: emptyTokenCounts() };
}

function addTokens(left: TokenCounts, right: TokenCounts): TokenCounts {
  const cached = (left.cachedInputTokens ?? 0) + (right.cachedInputTokens ?? 0);
  return {
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
    calls: left.calls + right.calls,
    ...(cached > 0 ? { cachedInputTokens: cached } : {}),
  };
}

/** The sum of any number of cost records. */
export function addCosts(...costs: CostRecord[]): CostRecord {
  return costs.reduce(
    (sum, cost) => ({
      rollouts: sum.rollouts + cost.rollouts,
      envSteps: sum.envSteps + cost.envSteps,
      wallMs: sum.wallMs + cost.wallMs,
      policyTokens: addTokens(sum.policyTokens, cost.policyTokens),
      designerTokens: addTokens(sum.designerTokens, cost.designerTokens),
    }),
    emptyCost(),
  );
}

/** Prompt plus completion tokens. */
export function totalTokens(tokens: TokenCounts): number {
  return tokens.inputTokens + tokens.outputTokens;
}

/** A run's cost per accepted env (what one validated stack cost on average). */
export const costPerAcceptedSchema = z.object({
  rollouts: z.number().nonnegative(),
  envSteps: z.number().nonnegative(),
  wallMs: z.number().nonnegative(),
  /** Policy prompt + completion tokens. */
  policyTokens: z.number().nonnegative(),
  /** Designer prompt + completion tokens. */
  designerTokens: z.number().nonnegative(),
});
export type CostPerAccepted = z.infer<typeof costPerAcceptedSchema>;

/** A run's cost: in total, and per accepted env (null when nothing was accepted). */
export const runCostSchema = z.object({
  total: costRecordSchema,
  perAcceptedEnv: costPerAcceptedSchema.nullable(),
});
export type RunCost = z.infer<typeof runCostSchema>;

/** Sum task costs into a run's, dividing by `accepted` for the per-accepted-env figures. */
export function runCostOf(costs: CostRecord[], accepted: number): RunCost {
  const total = addCosts(...costs);
  return {
    total,
    perAcceptedEnv:
      accepted === 0
        ? null
        : {
            rollouts: total.rollouts / accepted,
            envSteps: total.envSteps / accepted,
            wallMs: total.wallMs / accepted,
            policyTokens: totalTokens(total.policyTokens) / accepted,
            designerTokens: totalTokens(total.designerTokens) / accepted,
          },
  };
}
