import { describe, expect, it } from "vitest";
import type { Trajectory, TrajectoryStep } from "../core/trajectory.js";
import { trajectorySchema } from "../core/trajectory.js";
import { renderTrajectory } from "./render-trajectory.js";

const HIDDEN = ["hiddenPass", "hiddenFrac", "(7, 3, 9)", "0.625", "secretVerifierNote"];

function step(overrides: Partial<TrajectoryStep> & Pick<TrajectoryStep, "turn" | "policyAction">): TrajectoryStep {
  return {
    parsedAction: typeof overrides.policyAction === "string" ? null : overrides.policyAction,
    envAction: overrides.policyAction,
    observation: { text: `observation of turn ${overrides.turn}` },
    reward: 0,
    terminated: false,
    truncated: false,
    info: { hiddenPass: false, hiddenFrac: 0.625, hiddenTests: ["clamp(7, 3, 9) == 7"], secretVerifierNote: "x" },
    layers: [],
    policyMs: 1,
    stepMs: 1,
    ...overrides,
  };
}

function trajectory(steps: TrajectoryStep[], overrides: Partial<Trajectory> = {}): Trajectory {
  return trajectorySchema.parse({
    envId: "bugfix",
    stack: "Rules<bugfix>",
    taskId: "clamp-3",
    seed: 11,
    policy: "scripted-careful",
    initialObservation: { text: "def clamp(x, low, high):\n    return max(low, min(x, high))" },
    steps,
    stopReason: "submit",
    evaluation: {
      success: false,
      score: 0.625,
      metrics: { hiddenPass: false, hiddenFrac: 0.625, failing: "clamp(7, 3, 9)", publicPass: true },
    },
    totalReward: 0.625,
    durationMs: 5,
    ...overrides,
  });
}

describe("renderTrajectory", () => {
  const rendered = renderTrajectory(
    trajectory([
      step({ turn: 0, policyAction: { name: "edit", args: { line: 2, op: "swap_args", note: "try (7, 3)" } } }),
      step({
        turn: 1,
        policyAction: "run_tests()",
        parsedAction: { name: "run_tests", args: {} },
        envAction: "run_tests()",
      }),
      step({
        turn: 2,
        policyAction: { name: "submit", args: {} },
        envAction: null,
        layers: [
          {
            layer: "Rules#1",
            actionIn: { name: "submit", args: {} },
            actionOut: null,
            blockedReason: "pre-commit hook 'verify-tests' failed",
            observationOut: { text: "pre-commit hook failed" },
          },
        ],
        observation: { text: "pre-commit hook failed" },
      }),
      step({
        turn: 3,
        policyAction: { name: "edit", args: { line: 99, op: "bogus" } },
        info: { actionError: "no such line 99", hiddenPass: false, hiddenFrac: 0.625 },
        observation: { text: "error: no such line 99 (filtered)" },
        envObservation: { text: "error: no such line 99" },
      }),
      step({ turn: 4, policyAction: "gibberish !!", parsedAction: null, envAction: "gibberish !!" }),
    ]),
    { title: "Baseline 1" },
  );

  it("shows every action with its arguments, text actions verbatim", () => {
    expect(rendered).toContain('edit({"line":2,"op":"swap_args","note":"try (7, 3)"})');
    expect(rendered).toContain('text "run_tests()"');
    expect(rendered).toContain("parsed as run_tests()");
    expect(rendered).toContain('edit({"line":99,"op":"bogus"})');
    expect(rendered).toContain('text "gibberish !!"');
    expect(rendered).toContain("malformed");
  });

  it("marks blocked and refused actions, raw observations, stop reason and verdict", () => {
    expect(rendered).toContain("BLOCKED by the harness (Rules#1): pre-commit hook 'verify-tests' failed");
    expect(rendered).toContain("REFUSED by the env: no such line 99");
    expect(rendered).toContain("raw observation");
    expect(rendered).toContain("| error: no such line 99");
    expect(rendered).toContain("success: no · stop reason: submit · turns: 5");
    expect(rendered).toContain("### Baseline 1 — task clamp-3");
  });

  it("never shows info fields other than actionError, nor the evaluation's score and metrics", () => {
    for (const hidden of HIDDEN) expect(rendered).not.toContain(hidden);
    expect(rendered).not.toContain("hiddenTests");
    expect(rendered).not.toContain("publicPass");
  });

  it("cuts long observations head + tail with a visible marker", () => {
    const long = `HEAD-${"x".repeat(5000)}-TAIL`;
    const text = renderTrajectory(
      trajectory([step({ turn: 0, policyAction: { name: "peek", args: {} }, observation: { text: long } })]),
      { observationChars: 200 },
    );
    expect(text).toContain("HEAD-");
    expect(text).toContain("-TAIL");
    expect(text).toMatch(/\[… \d+ characters omitted …\]/);
    expect(text.length).toBeLessThan(1000);
  });

  it("drops middle turns with a marker when over the total budget, keeping first and last", () => {
    const steps = Array.from({ length: 60 }, (_, turn) =>
      step({ turn, policyAction: { name: "inc", args: { by: turn } } }),
    );
    const text = renderTrajectory(trajectory(steps), { maxChars: 3000 });
    expect(text.length).toBeLessThanOrEqual(3200);
    expect(text).toContain('inc({"by":0})');
    expect(text).toContain('inc({"by":59})');
    expect(text).toMatch(/\[… turns \d+–\d+ \(\d+ turns\) omitted to fit the prompt budget …\]/);
  });

  it("shows a success verdict and an episode error", () => {
    const success = renderTrajectory(
      trajectory([], { evaluation: { success: true, score: 1, metrics: { hiddenPass: true } } }),
    );
    expect(success).toContain("success: yes");
    expect(success).not.toContain("hiddenPass");
    const errored = renderTrajectory(
      trajectory([], { stopReason: "error", error: "policy crashed", evaluation: undefined }),
    );
    expect(errored).toContain("episode error: policy crashed");
    expect(errored).toContain("success: unknown");
  });
});
