import { afterAll, describe, expect, it } from "vitest";
import { createBugFixEnvDefinition } from "../../bridges/bugfix/bugfix-env-definition.js";
import { formatCall } from "../../bridges/bugfix/call-grammar.js";
import type { ActionInput } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { JsonObject } from "../../core/json.js";
import type { Trajectory } from "../../core/trajectory.js";
import { buildStack } from "../../harness/build-stack.js";
import { bugfixPersonas } from "../../policies/bugfix-personas/bugfix-personas.js";
import { runEpisode } from "../../rollout/run-episode.js";
import { runRollouts } from "../../rollout/run-rollouts.js";
import { loadRulesComponent } from "../../sandbox/rules/component-loader.js";
import { SequencePolicy } from "../../testing/sequence-policy.js";
import type { CandidateLayer } from "../candidate.js";
import type { DesignContext } from "../designer.js";
import type { HarnessTemplate } from "./harness-template.js";
import { harnessTemplates } from "./harness-templates.js";

const definition = createBugFixEnvDefinition();
afterAll(() => definition.dispose());
const dependencies = { resolveEnv: async () => definition, loadRules: (source: string) => loadRulesComponent(source) };
const noContext = {} as DesignContext;
const [read, test, submit] = [formatCall("read"), formatCall("test"), formatCall("submit")];
const edit = (op: string) => formatCall("edit", op);

function template(id: string): HarnessTemplate {
  return harnessTemplates.find((candidate) => candidate.id === id)!;
}

function stack(layers: CandidateLayer[], taskId = "clamp-0"): () => Promise<ActionableEnv> {
  return () =>
    buildStack(
      {
        version: 1,
        base: { env: "bugfix", taskId },
        layers: layers.map((layer) =>
          layer.kind === "setup" ? { kind: "setup", actions: layer.actions } : { kind: "rules", source: layer.source },
        ),
      },
      dependencies,
    );
}

async function play(
  layers: CandidateLayer[],
  actions: ActionInput[],
  taskId = "clamp-0",
  seed = 1,
): Promise<Trajectory> {
  const env = await stack(layers, taskId)();
  try {
    return await runEpisode(env, new SequencePolicy(actions), { taskId, seed });
  } finally {
    await env.close();
  }
}

const texts = (trajectory: Trajectory) => trajectory.steps.map((step) => step.observation.text);
const build = (id: string, settings: JsonObject, magnitude: number) =>
  template(id).build(settings, magnitude, noContext);

describe("template behaviour in the sandbox, on BugFix", () => {
  const verification = { finishingTools: ["submit"], verificationTools: ["test"] };

  it("require-verification (strict): a premature submit voids the attempt; a tested one passes", async () => {
    const layers = build("require-verification", { ...verification, strict: true, requirePassing: false }, 1);
    const premature = await play(layers, [edit("swap_minmax"), submit, test, submit]);
    expect(premature.steps[1]!.envAction).toBeNull();
    expect(texts(premature)[1]).toContain("hook 'verify' failed");
    expect(premature.steps.slice(2).every((step) => step.envAction === null)).toBe(true);
    expect(premature.stopReason).toBe("budget");
    const careful = await play(layers, [read, edit("swap_minmax"), test, submit]);
    expect(careful.stopReason).toBe("submit");
    expect(careful.evaluation?.success).toBe(true);
  });

  it("require-verification (lenient, passing): refuses submit until a passing test", async () => {
    const layers = build("require-verification", { ...verification, strict: false, requirePassing: true }, 1);
    const trajectory = await play(layers, [test, submit, edit("swap_minmax"), test, submit]);
    expect(trajectory.steps.map((step) => step.envAction === null)).toEqual([false, true, false, false, false]);
    expect(trajectory.evaluation?.success).toBe(true);
  });

  it("block-repeat: void refuses the repeat and everything after; note annotates it", async () => {
    const voided = await play(build("block-repeat", { mode: "void" }, 1), [
      read,
      read,
      edit("swap_minmax"),
      test,
      submit,
    ]);
    expect(voided.steps.map((step) => step.envAction === null)).toEqual([false, true, true, true, true, true]);
    expect(voided.stopReason).toBe("budget");
    const noted = await play(build("block-repeat", { mode: "note" }, 1), [
      read,
      read,
      edit("swap_minmax"),
      test,
      submit,
    ]);
    expect(texts(noted)[1]).toContain("[note: this call repeats the previous one exactly");
    expect(texts(noted)[0]).not.toContain("[note:");
    expect(noted.evaluation?.success).toBe(true);
  });

  it("mask-observation hides the read output in about a fraction p of episodes", async () => {
    const always = await play(build("mask-observation", { tool: "read" }, 1), [read, test]);
    expect(texts(always)[0]).toBe("[the output of read is unavailable in this episode]");
    expect(texts(always)[1]).toMatch(/^(pass|fail)/m);
    const trajectories = await runRollouts({
      createEnv: stack(build("mask-observation", { tool: "read" }, 0.5)),
      policy: bugfixPersonas.novice!,
      tasks: [{ taskId: "clamp-0" }],
      episodes: 40,
      seed: 2,
    });
    const masked = trajectories.filter((trajectory) => texts(trajectory)[0]!.includes("unavailable")).length;
    expect(masked).toBeGreaterThan(10);
    expect(masked).toBeLessThan(30);
  });

  it("truncate-observation and pad-observation reshape the read output", async () => {
    const cut = await play(build("truncate-observation", { tool: "read" }, 2), [read]);
    expect(texts(cut)[0]!.split("\n")).toEqual([
      expect.stringContaining("projection of the source"),
      "function clamp ( x , lower , upper ) {",
      "[… 2 more line(s) cut]",
    ]);
    const padded = await play(build("pad-observation", { tool: "read" }, 3), [read]);
    expect(texts(padded)[0]!.split("\n").slice(-3)).toEqual([
      "[read log] entry 1 of 3: nothing to report",
      "[read log] entry 2 of 3: nothing to report",
      "[read log] entry 3 of 3: nothing to report",
    ]);
  });

  it("turn-limit truncates after maxTurns turns", async () => {
    const trajectory = await play(build("turn-limit", {}, 2), [read, edit("swap_minmax"), test, submit]);
    expect(trajectory.steps).toHaveLength(2);
    expect(trajectory.steps[1]!.truncated).toBe(true);
    expect(trajectory.stopReason).toBe("budget");
    expect(texts(trajectory)[1]).toContain("[turn limit of 2 reached");
  });

  it("turn-limit with a fractional maxTurns cuts after the upper limit in that fraction of episodes, after the lower in the rest", async () => {
    const mixed = await runRollouts({
      createEnv: stack(build("turn-limit", {}, 2.25)),
      policy: () => new SequencePolicy([read, edit("swap_minmax"), test, submit]),
      tasks: [{ taskId: "clamp-0" }],
      episodes: 40,
      seed: 3,
    });
    const lengths = mixed.map((trajectory) => trajectory.steps.length);
    expect(new Set(lengths)).toEqual(new Set([2, 3]));
    const longer = lengths.filter((length) => length === 3).length;
    expect(longer).toBeGreaterThan(3);
    expect(longer).toBeLessThan(20);
    expect(mixed.find((trajectory) => trajectory.steps.length === 3)!.steps[2]!.observation.text).toContain(
      "[turn limit of 3 reached",
    );
  });

  it("observation-hint warns after a failing test and names the next step after read", async () => {
    const layers = build(
      "observation-hint",
      { verificationTools: ["test"], informationTool: "read", nextStep: 'edit(op="swap_minmax")' },
      1,
    );
    const trajectory = await play(layers, [read, test, edit("swap_minmax"), test, submit]);
    expect(texts(trajectory)[0]).toContain(
      '[hint: after read, successful attempts continued with edit(op="swap_minmax")]',
    );
    expect(texts(trajectory)[1]).toContain("[hint: this check failed");
    expect(texts(trajectory)[3]).not.toContain("[hint:");
  });

  it("scaffold-prefix starts after the replayed prefix, shown in a fraction of episodes when the strength is fractional", async () => {
    const settings: JsonObject = {
      actions: [
        { name: "read", args: {} },
        { name: "edit", args: { op: "swap_minmax" } },
      ],
      instruction: "`clamp` returns wrong results",
    };
    const full = await play(build("scaffold-prefix", settings, 1), [test]);
    expect(full.initialObservation.text).toContain("function clamp ( x , lower , upper ) {");
    const edited = await play(build("scaffold-prefix", settings, 2), [test, submit]);
    expect(edited.initialObservation.text).toContain("edited: applied swap_minmax");
    expect(edited.evaluation?.success).toBe(true);
    const half = await runRollouts({
      createEnv: stack(build("scaffold-prefix", settings, 0.5)),
      policy: () => new SequencePolicy([test]),
      tasks: [{ taskId: "clamp-0" }],
      episodes: 40,
      seed: 3,
      maxTurns: 1,
    });
    const shown = half.filter((trajectory) => trajectory.initialObservation.text.includes("function clamp")).length;
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(30);
    expect(half.filter((trajectory) => trajectory.initialObservation.text === settings.instruction)).toHaveLength(
      40 - shown,
    );
  });

  it("perturb-prefix starts silently from a perturbed state", async () => {
    const layers = build(
      "perturb-prefix",
      { actions: [{ name: "edit", args: { op: "guard_zero" } }], instruction: "`clamp` returns wrong results" },
      1,
    );
    const trajectory = await play(layers, [read]);
    expect(trajectory.initialObservation.text).toBe("`clamp` returns wrong results");
    expect(texts(trajectory)[0]).toContain("if ( upper === 0 ) return 0 ;");
  });
});
