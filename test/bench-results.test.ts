import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BENCH_RESULTS_DIRECTORY, benchResultFile, writeBenchResult } from "../bench/result-file.js";

const resultFiles = (existsSync(BENCH_RESULTS_DIRECTORY) ? readdirSync(BENCH_RESULTS_DIRECTORY) : []).filter(
  (name) => !name.startsWith("."),
);

describe("bench/results/", () => {
  it("holds only <section>.json files that match the result schema", () => {
    const problems: string[] = [];
    for (const name of resultFiles) {
      if (!name.endsWith(".json")) {
        problems.push(`${name}: not a .json file`);
        continue;
      }
      const parsed = benchResultFile.safeParse(JSON.parse(readFileSync(join(BENCH_RESULTS_DIRECTORY, name), "utf8")));
      if (!parsed.success) problems.push(`${name}: ${parsed.error.message}`);
      else if (`${parsed.data.section}.json` !== name) problems.push(`${name}: holds section ${parsed.data.section}`);
    }
    expect(problems).toEqual([]);
  });

  it("refuses a result without its command, commit, load or figures", () => {
    const directory = mkdtempSync(join(tmpdir(), "bench-results-"));
    try {
      const result = {
        section: "toy24",
        command: "npm run bench -- --only toy24",
        commit: "0123456789abcdef0123456789abcdef01234567",
        date: "2026-12-02T01:50:00.000Z",
        node: "v20.20.2",
        load: { start: [1, 1, 1] as [number, number, number], end: [1, 1, 1] as [number, number, number], cores: 2 },
        figures: { toy24RawMicrosecondsPerStep: 0.62 },
      };
      expect(readFileSync(writeBenchResult(result, directory), "utf8")).toContain(
        '"toy24RawMicrosecondsPerStep": 0.62',
      );
      expect(() => writeBenchResult({ ...result, figures: {} }, directory)).toThrow(/no figures/);
      expect(() => writeBenchResult({ ...result, commit: "main" }, directory)).toThrow();
      const { load: _load, ...withoutLoad } = result;
      expect(benchResultFile.safeParse(withoutLoad).success).toBe(false);
      expect(benchResultFile.safeParse({ ...result, command: "node bench/run.ts" }).success).toBe(false);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
