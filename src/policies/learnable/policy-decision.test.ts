import { describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../../bridges/bugfix/index.js";
import { trajectorySchema } from "../../core/trajectory.js";
import { runEpisode } from "../../rollout/run-episode.js";
import { LearnableModel } from "./learnable-model.js";
import { decisionRecord, recordedDecision, type PolicyDecision } from "./policy-decision.js";
import { learnedPolicyFor } from "./resolve-learned-policy.js";

describe("a learnable policy's decisions in the trajectory", () => {
  it("records every decision in its step's policyRecord, as onDecision saw it, and it survives JSON", async () => {
    const definition = createBugFixEnvDefinition();
    const model = LearnableModel.initial();
    model.weights.forEach((_, index) => (model.weights[index] = Math.cos(index)));
    const seen: PolicyDecision[] = [];
    const env = await definition.create();
    const trajectory = await runEpisode(
      env,
      learnedPolicyFor(model, "bugfix", { onDecision: (_episode, decision) => seen.push(decision) })(),
      { taskId: "clamp-0", seed: 4 },
    );
    await env.close();
    definition.dispose();
    expect(trajectory.steps.length).toBeGreaterThan(0);
    const travelled = trajectorySchema.parse(JSON.parse(JSON.stringify(trajectory)));
    expect(travelled.steps.map((step) => recordedDecision(step))).toEqual(seen);
  });

  it("reads nothing from a step without a record and refuses a malformed one", () => {
    expect(recordedDecision({ turn: 0 })).toBeUndefined();
    expect(recordedDecision({ turn: 0, policyRecord: { other: 1 } })).toBeUndefined();
    const bad = decisionRecord({ features: [1], actions: [1, 2], probabilities: [1], chosen: 0 });
    expect(() => recordedDecision({ turn: 3, policyRecord: bad })).toThrow(/turn 3 is malformed/);
    expect(() => recordedDecision({ turn: 1, policyRecord: { learnedDecision: "x" } })).toThrow(/malformed/);
  });
});
