import { performance } from "node:perf_hooks";
import { bugfixEnv } from "../src/bridges/bugfix/bugfix-env-definition.js";
import { resolvePolicy } from "../src/policies/policy-registry.js";
import { LexicalSkillRetriever } from "../src/skills/lexical-skill-retriever.js";
import { mineSkills, type HabitContrast } from "../src/skills/mine-skills.js";
import { readAcceptedTrajectories } from "../src/skills/read-accepted-trajectories.js";
import { rollOriginalEpisodes } from "../src/skills/roll-original-episodes.js";
import { runCurriculumChild } from "./curriculum-bench.js";
import { microsecondsPerOperation } from "./measure.js";

/** The numbers behind one habit's contrast, rounded for the figures. */
function brief(contrast: HabitContrast | undefined) {
  if (contrast === undefined) return null;
  const { counts } = contrast;
  return {
    successes: `${counts.successesShowing}/${counts.successes}`,
    failures: `${counts.failuresShowing}/${counts.failures}`,
    successWith: counts.successWith === null ? null : Number(counts.successWith.toFixed(3)),
    successWithout: counts.successWithout === null ? null : Number(counts.successWithout.toFixed(3)),
    difference: Number(contrast.difference.toFixed(3)),
    pValue: Number(counts.pValue.toPrecision(2)),
    verdict: contrast.verdict,
    decisive: counts.decisive,
  };
}

/**
 * The paper's mechanism, offline, on BugFix `hasty`: the verify-before-finishing contrast
 * mined from the accepted stacks of a 20-task curriculum vs from the same number of fresh
 * original-env episodes per task (three rollout seeds), plus the miner's time per 1,000
 * episodes and the lexical retrieval time per query.
 */
export async function benchSkills(runDirectory?: string): Promise<Record<string, unknown>> {
  const directory = runDirectory ?? runCurriculumChild("bugfix", "hasty", 1).runDirectory;
  const run = await readAcceptedTrajectories(directory);
  const probe = await bugfixEnv.create();
  const tools = await probe.tools();
  await probe.close();
  const rigged = run.stacks.flatMap((stack) => stack.trajectories);
  const started = performance.now();
  const riggedMined = mineSkills({ envId: "bugfix", tools, trajectories: rigged });
  const mineMs = performance.now() - started;
  const hasty = await resolvePolicy("hasty", "bugfix");
  const original: Array<ReturnType<typeof brief>> = [];
  for (const seed of [1, 2, 3]) {
    const trajectories = await rollOriginalEpisodes({
      env: bugfixEnv,
      policy: hasty.factory,
      tasks: run.stacks.map((stack) => ({ taskId: stack.taskId, episodes: stack.trajectories.length })),
      seed,
    });
    original.push(
      brief(
        mineSkills({ envId: "bugfix", tools, trajectories }).contrasts.find(
          (contrast) => contrast.habit === "verifies-before-finishing",
        ),
      ),
    );
  }
  await bugfixEnv.dispose();
  const retriever = new LexicalSkillRetriever(riggedMined.items);
  const retrieveMicroseconds = await microsecondsPerOperation(
    async () => void (await retriever.retrieve("`splitBill` returns wrong results", 3)),
    1,
    5,
    200,
  );
  return {
    skillsEpisodesPerBank: rigged.length,
    skillsRiggedVerifyBeforeFinishing: brief(
      riggedMined.contrasts.find((contrast) => contrast.habit === "verifies-before-finishing"),
    ),
    skillsOriginalVerifyBeforeFinishingSeeds123: original,
    skillsMineMillisecondsPer1000Episodes: Number(((mineMs * 1000) / Math.max(1, rigged.length)).toFixed(1)),
    skillsLexicalRetrieveMicroseconds: Number(retrieveMicroseconds.toFixed(1)),
  };
}
