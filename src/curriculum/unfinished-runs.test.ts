import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeRunFile } from "../run-format/run-file.js";
import { describe, expect, it } from "vitest";
import { curriculumConfigSchema, type CurriculumConfigInput } from "./curriculum-config.js";
import { unfinishedRunsLike } from "./unfinished-runs.js";

const base: CurriculumConfigInput = {
  runId: "new",
  env: "bugfix",
  policy: "hasty",
  designer: "heuristic",
  target: { successBand: [0.4, 0.6] },
  candidatesDir: "/tmp/candidates",
};

/** Writes runs/<id>/run.json (and result.json when finished), dated `minutesAgo`. */
function writeRun(
  runs: string,
  id: string,
  config: Partial<CurriculumConfigInput>,
  minutesAgo: number,
  finished = false,
) {
  const directory = join(runs, id);
  mkdirSync(directory, { recursive: true });
  const path = join(directory, "run.json");
  writeRunFile(path, curriculumConfigSchema.parse({ ...base, ...config, runId: id }));
  const at = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(path, at, at);
  if (finished) writeFileSync(join(directory, "result.json"), "{}");
}

describe("unfinishedRunsLike", () => {
  it("finds the unfinished runs of the same configuration, newest first, whatever their id and rollout concurrency", () => {
    const runs = mkdtempSync(join(tmpdir(), "unfinished-"));
    writeRun(runs, "older", {}, 30);
    writeRun(runs, "newer", { rolloutConcurrency: 4 }, 5);
    writeRun(runs, "finished", {}, 1, true);
    writeRun(runs, "other-seed", { seed: 1 }, 2);
    writeRun(runs, "other-tasks", { taskIds: ["clamp-0"] }, 2);
    mkdirSync(join(runs, "not-a-run"));
    mkdirSync(join(runs, "torn"));
    writeFileSync(join(runs, "torn", "run.json"), "{ not json");
    const found = unfinishedRunsLike(curriculumConfigSchema.parse(base), runs);
    expect(found.map((run) => run.runDirectory)).toEqual([join(runs, "newer"), join(runs, "older")]);
    expect(found[0]!.startedAt.getTime()).toBeGreaterThan(found[1]!.startedAt.getTime());
  });

  it("takes candidates stored in each run's own directory for the same setting, and a shared store for another", () => {
    const runs = mkdtempSync(join(tmpdir(), "unfinished-"));
    const own = (id: string) => ({ candidatesDir: join(runs, id, "candidates") });
    writeRun(runs, "earlier", own("earlier"), 10);
    writeRun(runs, "shared-store", { candidatesDir: join(runs, "store") }, 5);
    const found = unfinishedRunsLike(curriculumConfigSchema.parse({ ...base, ...own("new") }), runs);
    expect(found.map((run) => run.runDirectory)).toEqual([join(runs, "earlier")]);
  });

  it("finds none where there is no runs directory", () => {
    expect(unfinishedRunsLike(curriculumConfigSchema.parse(base), join(tmpdir(), "no-such-runs-directory"))).toEqual(
      [],
    );
  });
});
