import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { resolveEnv } from "../src/bridges/env-registry.js";
import { deriveSeed } from "../src/core/seeding.js";
import { parseJsonText } from "../src/core/validate.js";
import { productStackDependencies } from "../src/curriculum/create-rig-dependencies.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { readCandidateRecord } from "../src/rigger/candidate-store.js";
import { measureCandidate } from "../src/rigger/measure-candidate.js";
import { runRollouts } from "../src/rollout/run-rollouts.js";
import { summarize } from "../src/rollout/summarize.js";
import { runCurriculumChild } from "./curriculum-bench.js";

const resultFileSchema = z.object({
  tasks: z.array(z.object({ taskId: z.string(), outcome: z.string(), candidate: z.string().nullable() })),
  config: z.object({ env: z.string(), policy: z.string(), target: z.object({ successBand: z.tuple([z.number(), z.number()]).optional() }) }),
});

/**
 * Band hit rate on fresh rollouts: for every task of a finished curriculum run, K fresh
 * rollouts (seeds the run never used) of the unmodified env and of the accepted stack (the
 * unmodified env when nothing was accepted), and the fraction of tasks whose measured
 * success rate lies in the band, before and after.
 */
export async function measureBandHits(runDirectory: string, k = 100) {
  const result = parseJsonText(resultFileSchema, readFileSync(join(runDirectory, "result.json"), "utf8"), "result.json", "INTERNAL");
  const [low, high] = result.config.target.successBand ?? [0.4, 0.6];
  const env = await resolveEnv(result.config.env);
  const policy = await resolvePolicy(result.config.policy, env.id);
  const inBand = (rate: number) => rate >= low && rate <= high;
  let before = 0;
  let after = 0;
  let acceptedInBand = 0;
  let accepted = 0;
  for (const task of result.tasks) {
    const baseline = summarize(await runRollouts({ createEnv: () => env.create(), policy: policy.factory, tasks: [{ taskId: task.taskId }], episodes: k, seed: deriveSeed(7, "fresh-baseline") }));
    if (inBand(baseline.successRate)) before += 1;
    let rate = baseline.successRate;
    if (task.outcome === "accepted" && task.candidate) {
      accepted += 1;
      rate = (await measureCandidate(readCandidateRecord(task.candidate), policy.factory, { k, seed: 7 }, productStackDependencies())).successRate;
      if (inBand(rate)) acceptedInBand += 1;
    }
    if (inBand(rate)) after += 1;
  }
  await env.dispose?.();
  const tasks = result.tasks.length;
  return { tasks, accepted, inBandBefore: before / tasks, inBandAfter: after / tasks, acceptedTrulyInBand: accepted === 0 ? null : acceptedInBand / accepted };
}

/** Calibration on every BugFix persona and on Toy24 with `greedy` (20 train puzzles). */
export async function benchCalibration(bugfixRun: string) {
  const figures: Record<string, unknown> = { hasty: await measureBandHits(bugfixRun) };
  for (const persona of ["looper", "novice"]) figures[persona] = await measureBandHits(runCurriculumChild("bugfix", persona, 2).runDirectory);
  // Ranks 1, 51, …, 951: train puzzles (held-out ranks are multiples of 5) across difficulty.
  const toy24Tasks = Array.from({ length: 20 }, (_, index) => `24-${index * 50 + 1}`);
  figures["toy24-greedy"] = await measureBandHits(runCurriculumChild("toy24", "greedy", 2, 0, toy24Tasks).runDirectory);
  return { calibrationFreshK100: figures };
}
