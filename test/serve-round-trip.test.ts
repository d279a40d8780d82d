import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bugfixEnv } from "../src/bridges/bugfix/bugfix-env-definition.js";
import { createOpenEnvDefinition } from "../src/bridges/openenv/openenv-env-definition.js";
import { runCli } from "../src/cli/program.js";
import type { Trajectory } from "../src/core/trajectory.js";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";
import { buildStack } from "../src/harness/build-stack.js";
import type { HarnessStackSpec } from "../src/harness/harness-stack-spec.js";
import { bugfixPolicies } from "../src/policies/bugfix/bugfix-policies.js";
import { bugfixPersonas } from "../src/policies/bugfix-personas/bugfix-personas.js";
import { runBaseline } from "../src/rollout/baseline.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { loadServedSet } from "../src/serve/load-served-set.js";
import { startServeServer, type ServeServer } from "../src/serve/start-serve-server.js";
import { captureIo } from "./helpers/capture-io.js";

/*
 * The round trip: envrigger's own `openenv:<url>` bridge against `envrigger serve`
 * reproduces a local baseline exactly — same seeds, same trajectories, same success.
 */

const tasks = ["clamp-0", "range-0", "divide-1"];
const hintSpec = (taskId: string): HarnessStackSpec => ({
  version: 1,
  base: { env: "bugfix", taskId },
  layers: [
    {
      kind: "rules",
      source: `export default defineRules({\n  filterObservation(observation, context) {\n    return { text: observation.text + "\\n(turn " + context.turn + ")" };\n  },\n});\n`,
    },
  ],
});

/** What must agree between a local and a served episode (timings and env-internal info differ by nature). */
function comparable(trajectory: Trajectory) {
  return {
    taskId: trajectory.taskId,
    seed: trajectory.seed,
    initialObservation: trajectory.initialObservation,
    stopReason: trajectory.stopReason,
    success: trajectory.evaluation?.success,
    score: trajectory.evaluation?.score,
    totalReward: trajectory.totalReward,
    steps: trajectory.steps.map((step) => ({
      policyAction: step.policyAction,
      parsedAction: step.parsedAction,
      observation: step.observation,
      reward: step.reward,
      terminated: step.terminated,
      truncated: step.truncated,
      stop: step.info.stop,
      actionError: step.info.actionError ?? null,
    })),
  };
}

let bare: ServeServer;
let rigged: ServeServer;
beforeAll(async () => {
  bare = await startServeServer({
    set: await loadServedSet({ env: "bugfix", tasks }),
    dependencies: productStackDependencies(),
    port: 0,
  });
  const work = mkdtempSync(join(tmpdir(), "serve-stack-"));
  const path = join(work, "stack.json");
  const { writeFileSync } = await import("node:fs");
  writeFileSync(path, JSON.stringify(hintSpec("clamp-0")));
  rigged = await startServeServer({
    set: await loadServedSet({ env: "bugfix", stack: path }),
    dependencies: productStackDependencies(),
    port: 0,
  });
});
afterAll(async () => {
  await bare?.drain();
  await rigged?.drain();
});

describe("round trip: openenv bridge → envrigger serve", () => {
  for (const [name, factory] of [
    ["random", bugfixPolicies.random!],
    ["hasty", bugfixPersonas.hasty!],
    ["oracle", bugfixPolicies.oracle!],
  ] as const) {
    it(`reproduces the local ${name} baseline episode by episode`, async () => {
      const options = { policy: factory, tasks: tasks.map((taskId) => ({ taskId })), episodes: 8, seed: 17 };
      const local = await runRollouts({ ...options, createEnv: () => bugfixEnv.create() });
      const served = await runRollouts({
        ...options,
        createEnv: () => createOpenEnvDefinition(bare.url).create(),
        concurrency: 4,
      });
      expect(served.map(comparable)).toEqual(local.map(comparable));
      expect(served.every((trajectory) => trajectory.stopReason !== "error")).toBe(true);
      expect(served.reduce((sum, trajectory) => sum + trajectory.steps.length, 0)).toBeGreaterThan(tasks.length * 8);
      if (name === "random")
        expect(new Set(local.map((trajectory) => trajectory.evaluation?.success))).toEqual(new Set([true, false]));
    });
  }

  it("reproduces a served Rules stack against the same stack built locally", async () => {
    const options = { policy: bugfixPersonas.hasty!, tasks: [{ taskId: "clamp-0" }], episodes: 10, seed: 3 };
    const local = await runRollouts({
      ...options,
      createEnv: () => buildStack(hintSpec("clamp-0"), productStackDependencies()),
    });
    const served = await runRollouts({ ...options, createEnv: () => createOpenEnvDefinition(rigged.url).create() });
    expect(served.map(comparable)).toEqual(local.map(comparable));
    expect(local[0]!.initialObservation.text).toMatch(/\(turn 0\)$/);
  });

  it("a baseline through the server keeps byGroup and publicPassRate: the same report as the local one", async () => {
    const options = {
      policyName: "hasty",
      policy: bugfixPersonas.hasty!,
      split: "train" as const,
      taskIds: tasks,
      episodes: 4,
      seed: 5,
    };
    const local = (await runBaseline({ ...options, env: bugfixEnv })).report;
    const served = (await runBaseline({ ...options, env: createOpenEnvDefinition(bare.url), concurrency: 4 })).report;
    expect(Object.keys(local.byGroup).length).toBeGreaterThan(1);
    expect(local.publicPassRate).not.toBeNull();
    const { env: _localEnv, ...localRest } = local;
    const { env: _servedEnv, ...servedRest } = served;
    expect(servedRest).toEqual(localRest);
  });

  it("shows the served env's tools and tasks through the bridge, and resolves its built-in policies", async () => {
    const definition = createOpenEnvDefinition(bare.url);
    expect((await definition.listTasks("train")).map((task) => task.id)).toEqual(tasks);
    const env = await definition.create();
    expect((await env.tools()).map((tool) => tool.name)).toEqual(["read", "test", "edit", "submit"]);
    expect(env.parseText("<call> edit swap_minmax </call>")).toEqual({ name: "edit", args: { op: "swap_minmax" } });
    await env.close();
  });

  it("a curriculum rigs a served env: the heuristic designer's stack is built on openenv:<url>", async () => {
    const work = mkdtempSync(join(tmpdir(), "serve-rig-"));
    const { io, out, err } = captureIo(work);
    const code = await runCli(
      [
        "curriculum",
        "--env",
        `openenv:${bare.url}`,
        "--task",
        "clamp-0",
        "--policy",
        "hasty",
        "--seed",
        "2",
        "--revisions",
        "3",
        "--out",
        join(work, "run"),
        "--candidates",
        join(work, "candidates"),
        "--json",
      ],
      io,
    );
    expect(code, err()).toBe(0);
    const result = JSON.parse(out()) as {
      tasks: Array<{ taskId: string; outcome: string; baseline: { episodes: number } | null; revisions: number }>;
    };
    expect(result.tasks).toHaveLength(1);
    expect(result.tasks[0]!.baseline!.episodes).toBeGreaterThanOrEqual(5);
    expect(["accepted", "rejected", "skipped"]).toContain(result.tasks[0]!.outcome);
    const task = result.tasks[0]! as unknown as { outcome: string; candidate: string | null };
    if (task.outcome === "accepted") {
      const record = JSON.parse(readFileSync(task.candidate!, "utf8")) as { stack: HarnessStackSpec };
      expect(record.stack.base.env).toBe(`openenv:${bare.url}`);
      expect(record.stack.layers.length).toBeGreaterThan(0);
    }
  }, 240_000);
});
