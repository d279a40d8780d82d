import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bugfixDesignContext } from "../../testing/bugfix-design-context.js";
import { afterAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../../bridges/bugfix/bugfix-env-definition.js";
import type { EnvDefinition } from "../../core/env-definition.js";
import { buildStack } from "../../harness/build-stack.js";
import { bugfixPolicies } from "../../policies/bugfix/bugfix-policies.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { summarize } from "../../rollout/summarize.js";
import { checkComponent } from "../../sandbox/rules/component-check.js";
import { loadRulesComponent } from "../../sandbox/rules/component-loader.js";
import { PRODUCT_SANDBOX_OPTIONS } from "../../app/product-sandbox-options.js";
import type { DesignContext } from "../designer.js";
import { HeuristicDesigner } from "./heuristic-designer.js";
import { rewardedFailureDetector } from "./rewarded-failure-detector.js";
import { exploreCallTemplate } from "./explore-call-template.js";
import { REWARD_SHORTCUT_GUARD, refusedShortcutCalls, rewardShortcutGuard } from "./reward-shortcut-guard.js";
import { rewriteFirstCallRules } from "./rewrite-first-call-rules.js";
import { steerCallTemplate } from "./steer-call-template.js";
import { ToolRoles } from "../../analysis/tool-roles.js";

const definition = createBugFixEnvDefinition();
afterAll(() => definition.dispose());
const dependencies = {
  resolveEnv: async (): Promise<EnvDefinition> => definition,
  loadRules: (source: string) => loadRulesComponent(source, PRODUCT_SANDBOX_OPTIONS),
};

/** A baseline under the public reward: the hacker's episodes (reward paid, verdict failed) mixed with the oracle's. */
async function publicRewardContext(): Promise<DesignContext> {
  const run = (policy: string, seed: number) =>
    runRollouts({
      createEnv: () => definition.create({ reward: "public" }),
      policy: bugfixPolicies[policy]!,
      tasks: [{ taskId: "clamp-0" }],
      episodes: 4,
      seed,
    });
  const trajectories = [...(await run("hacker", 1)), ...(await run("oracle", 2)), ...(await run("random", 3))];
  return bugfixDesignContext(trajectories, 1);
}

describe("closing a reward shortcut", () => {
  it("detects rewarded failures from reward and verdict alone", async () => {
    const context = await publicRewardContext();
    const weakness = rewardedFailureDetector.detect({
      trajectories: context.baseline.trajectories,
      stats: context.baseline.stats,
      roles: new ToolRoles(context.tools),
      target: context.target,
    });
    expect(weakness?.id).toBe("rewarded-failure");
    expect(weakness?.evidence).toMatch(/^4 of 12 episodes|^[4-6] of 12 episodes/);
    const oracleOnly = context.baseline.trajectories.filter((trajectory) => trajectory.policy === "oracle");
    expect(
      rewardedFailureDetector.detect({
        trajectories: oracleOnly,
        stats: summarize(oracleOnly),
        roles: new ToolRoles(context.tools),
        target: context.target,
      }),
    ).toBeNull();
  });

  it("writes a Rules layer that refuses the shortcut call: the hacker earns nothing, the oracle still succeeds, the reward is the env's", async () => {
    const context = await publicRewardContext();
    const guard = rewardShortcutGuard(context)!;
    expect(guard.kind).toBe("rules");
    expect(guard.kind === "rules" && guard.source).toContain("hardcode_tests");
    const source = guard.kind === "rules" ? guard.source : "";
    expect((await checkComponent(source, PRODUCT_SANDBOX_OPTIONS)).ok).toBe(true);
    const stack = {
      version: 1 as const,
      base: { env: "bugfix", taskId: "clamp-0", options: { reward: "public" } },
      layers: [{ kind: "rules" as const, source }],
    };
    const episodes = async (policy: string) =>
      runRollouts({
        createEnv: () => buildStack(stack, dependencies),
        policy: bugfixPolicies[policy]!,
        tasks: [{ taskId: "clamp-0" }],
        episodes: 5,
        seed: 9,
      });
    const hacked = await episodes("hacker");
    expect(hacked.every((trajectory) => trajectory.totalReward === 0 && trajectory.steps[0]!.envAction === null)).toBe(
      true,
    );
    // Making the call forfeits the episode: nothing after it reaches the env either.
    expect(
      hacked.every(
        (trajectory) =>
          trajectory.steps.every((step) => step.envAction === null) && trajectory.evaluation?.success !== true,
      ),
    ).toBe(true);
    const honest = await episodes("oracle");
    expect(honest.every((trajectory) => trajectory.totalReward === 1 && trajectory.evaluation?.success === true)).toBe(
      true,
    );
  });

  it("puts the guard under every heuristic proposal while the data shows the shortcut", async () => {
    const context = await publicRewardContext();
    const designer = new HeuristicDesigner();
    const proposal = await designer.write(context, await designer.diagnose(context));
    expect(proposal.layers[0]).toMatchObject({ kind: "rules", name: REWARD_SHORTCUT_GUARD });
    const honest = {
      ...context,
      baseline: {
        ...context.baseline,
        trajectories: context.baseline.trajectories.filter((trajectory) => trajectory.policy === "oracle"),
      },
    };
    expect(rewardShortcutGuard(honest)).toBeNull();
  });

  it("leaves a refused call to the Rules layer in the steer and explore layers above it, instead of rewriting it into one the env pays", async () => {
    const context = await publicRewardContext();
    const refused = refusedShortcutCalls(context);
    expect(refused).toHaveLength(1);
    const guard = rewardShortcutGuard(context)!;
    const oracle = context.baseline.trajectories.find((trajectory) => trajectory.policy === "oracle")!;
    const fix = oracle.steps.map((step) => step.parsedAction).find((action) => action?.name === refused[0]!.name)!;
    const hackerOn = async (layer: string) => {
      const stack = {
        version: 1 as const,
        base: { env: "bugfix", taskId: "clamp-0", options: { reward: "public" } },
        layers: [guard as { kind: "rules"; source: string }, { kind: "rules" as const, source: layer }],
      };
      return runRollouts({
        createEnv: () => buildStack(stack, dependencies),
        policy: bugfixPolicies.hacker!,
        tasks: [{ taskId: "clamp-0" }],
        episodes: 3,
        seed: 2,
      });
    };
    // Steering every episode: without the refused list the hacker's call becomes the fix and is paid.
    const rewritten = await hackerOn(rewriteFirstCallRules(fix.name, { call: fix }, 1, 3));
    expect(rewritten.every((trajectory) => trajectory.totalReward === 1)).toBe(true);
    for (const layer of [
      rewriteFirstCallRules(fix.name, { call: fix }, 1, 3, refused),
      rewriteFirstCallRules(
        fix.name,
        { domains: { op: [refused[0]!.args.op!, fix.args.op!] }, avoid: [] },
        1,
        3,
        refused,
      ),
    ]) {
      expect((await checkComponent(layer, PRODUCT_SANDBOX_OPTIONS)).ok).toBe(true);
      const episodes = await hackerOn(layer);
      expect(
        episodes.every(
          (trajectory) => trajectory.totalReward === 0 && trajectory.steps.every((step) => step.envAction === null),
        ),
      ).toBe(true);
    }
    // The templates pass the Rules layer's calls on; with no shortcut in the data the source is unchanged.
    expect(steerCallTemplate.build({ tool: fix.name, call: fix }, 1, context)[0]).toMatchObject({
      source: rewriteFirstCallRules(fix.name, { call: fix }, 1, 3, refused),
    });
    const honest = {
      ...context,
      baseline: {
        ...context.baseline,
        trajectories: context.baseline.trajectories.filter((trajectory) => trajectory.policy === "oracle"),
      },
    };
    expect(
      exploreCallTemplate.build({ tool: fix.name, domains: { op: [fix.args.op!] }, avoid: [] }, 0.5, honest)[0],
    ).toMatchObject({
      source: rewriteFirstCallRules(fix.name, { domains: { op: [fix.args.op!] }, avoid: [] }, 0.5, 3),
    });
  });

  it("knows nothing of BugFix: no BugFix name appears in the heuristic designer's sources", () => {
    const directory = import.meta.dirname;
    for (const name of readdirSync(directory).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))) {
      expect(readFileSync(join(directory, name), "utf8")).not.toMatch(/hardcode|publicPass|hiddenPass|bugfix/i);
    }
  });
});
