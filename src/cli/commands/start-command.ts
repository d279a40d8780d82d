import { resolveEnv } from "../../bridges/env-registry.js";
import { resolvePolicy } from "../../policies/policy-registry.js";
import { runBaseline, type BaselineReport } from "../../rollout/baseline.js";
import type { CliIo } from "../cli-io.js";
import { fixed, formatTable, percent } from "../format-table.js";

/** The BugFix chapter's four scripted baselines, measured on both splits. */
export const START_POLICIES = ["oracle", "blind", "random", "hacker"] as const;

/**
 * `npm start`: the main job on the embedded default, offline. Measures the BugFix gym's
 * scripted baselines (the chapter's table) on the train and held-out splits.
 */
export async function startCommand(options: { json?: boolean }, io: CliIo): Promise<BaselineReport[]> {
  const env = await resolveEnv("bugfix", io.cwd);
  const reports: BaselineReport[] = [];
  for (const split of ["train", "heldout"] as const) {
    for (const name of START_POLICIES) {
      const policy = await resolvePolicy(name, env.id, io.cwd);
      const { report } = await runBaseline({ env, policyName: name, policy: policy.factory, split, episodes: 50, seed: 0 });
      reports.push(report);
    }
  }
  if (options.json) {
    io.stdout(`${JSON.stringify({ baselines: reports })}\n`);
    return reports;
  }
  io.stdout("BugFix gym — scripted baselines (hidden-test success; 50 episodes per task)\n\n");
  const families = Object.keys(reports[0]?.byGroup ?? {});
  io.stdout(
    formatTable(
      ["split", "policy", ...families, "all", "95% CI", "public pass", "turns"],
      reports.map((report) => [
        report.split,
        report.policy,
        ...families.map((family) => fixed(report.byGroup[family]?.successRate)),
        fixed(report.successRate),
        `[${fixed(report.successInterval[0])}, ${fixed(report.successInterval[1])}]`,
        percent(report.publicPassRate),
        fixed(report.meanTurns, 1),
      ]),
    ),
  );
  io.stdout("\nChapter reference: oracle 1.0 · blind ≈ 0.2 · random ≈ 0.1 (public ≈ 0.2) · hacker 0.0 (public 1.0)\n");
  return reports;
}
