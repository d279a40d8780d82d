import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createOpenEnvDefinition } from "../src/bridges/openenv/openenv-env-definition.js";
import type { CliIo } from "../src/cli/cli-io.js";
import { runCli } from "../src/cli/program.js";
import { runBaseline } from "../src/rollout/baseline.js";
import { startOpenEnvReferenceServers } from "../src/testing/openenv-reference-servers.js";
import { SequencePolicy } from "../src/testing/sequence-policy.js";

/** Grid world's goal is at [4, 4] from [0, 0]: four moves DOWN, then four RIGHT (always solves it). */
const walkerSource = `export default {
  name: "grid-walker",
  act: (input: { history: unknown[] }) => ({ name: "step", args: { action: input.history.length < 4 ? "DOWN" : "RIGHT" } }),
};
`;

interface RigEvent {
  node?: string;
  message?: string;
  data?: { errored?: number; episodes?: number };
}

/** One `envrigger rig` on grid world; what its events say about errors and capacity. */
async function rig(url: string, policy: string, band: string, concurrency: number | null) {
  const work = mkdtempSync(join(tmpdir(), "bench-openenv-rig-"));
  const chunks: string[] = [];
  const io: CliIo = { stdout: (text) => chunks.push(text), stderr: () => undefined, interactive: false, cwd: work };
  const started = performance.now();
  const code = await runCli(
    [
      "rig",
      "--env",
      `openenv:${url}`,
      "--task",
      "default",
      "--policy",
      `file:${policy}`,
      "--band",
      band,
      "--out",
      join(work, "run"),
      "--candidates",
      join(work, "candidates"),
      ...(concurrency === null ? [] : ["--rollout-concurrency", String(concurrency)]),
      "--json",
    ],
    io,
  );
  const seconds = (performance.now() - started) / 1000;
  const result = JSON.parse(chunks.join("")) as {
    tasks: Array<{ outcome: string; revisions: number; accepted: { successRate: number; episodes: number } | null }>;
  };
  const events = readFileSync(join(work, "run", "events.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RigEvent);
  const decisions = events.filter((event) => event.node === "decide").map((event) => event.message ?? "");
  const task = result.tasks[0]!;
  return {
    exitCode: code,
    outcome: task.outcome,
    candidates: events.filter((event) => event.node === "write").length,
    revisions: task.revisions,
    acceptedSuccessRate: task.accepted?.successRate ?? null,
    erroredEpisodes: events.reduce((sum, event) => sum + (event.data?.errored ?? 0), 0),
    rejectedBroken: decisions.filter((message) => /broken|errored/.test(message)).length,
    decisions: decisions.map((message) => message.split(":")[0]),
    seconds: Math.round(seconds * 10) / 10,
  };
}

/**
 * Against OpenEnv's own grid_world_env at its defaults (one session): a baseline at the
 * default rollout concurrency (16 for openenv:) and at 1, and the rig at both, on two
 * bands. The targets: 0 errored episodes, the same success rate as one at a time, no
 * candidate rejected for capacity.
 */
export async function benchOpenEnvReference(): Promise<Record<string, unknown>> {
  const servers = await startOpenEnvReferenceServers();
  if (!servers.available) {
    console.error(`  skipped: ${servers.reason}`);
    return {};
  }
  try {
    const url = servers.urls.grid_world_env;
    const env = createOpenEnvDefinition(url);
    const policy = () =>
      new SequencePolicy(
        (input) => ({ name: "step", args: { action: input.history.length < 4 ? "DOWN" : "RIGHT" } }),
        "grid-walker",
      );
    const figures: Record<string, unknown> = {};
    for (const concurrency of [16, 1]) {
      const started = performance.now();
      const { report } = await runBaseline({
        env,
        policyName: "grid-walker",
        policy,
        split: "train",
        episodes: 20,
        seed: 0,
        concurrency,
      });
      figures[`openenv-reference.grid-baseline.concurrency-${concurrency}`] = {
        episodes: report.episodes,
        errored: report.errored,
        successRate: report.successRate,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      };
    }
    const policyFile = join(mkdtempSync(join(tmpdir(), "bench-openenv-policy-")), "grid-walker.ts");
    writeFileSync(policyFile, walkerSource);
    for (const band of ["0.4,0.6", "0.1,0.2"])
      for (const concurrency of [null, 1])
        figures[`openenv-reference.grid-rig.band-${band}.concurrency-${concurrency ?? "default"}`] = await rig(
          url,
          policyFile,
          band,
          concurrency,
        );
    return figures;
  } finally {
    await servers.stop();
  }
}
