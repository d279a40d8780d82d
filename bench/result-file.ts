import { execFileSync } from "node:child_process";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** Where `npm run bench` writes one file per section it ran: `bench/results/<section>.json`. */
export const BENCH_RESULTS_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), "results");

const loadAverages = z.tuple([z.number(), z.number(), z.number()]);

/** One bench section's figures with what it takes to read them: how, on what code, when, under what load. */
export const benchResultFile = z
  .object({
    section: z.string().min(1),
    /** The command that measured it, e.g. `npm run bench -- --only toy24`. */
    command: z.string().startsWith("npm run bench"),
    /** The commit measured (`git rev-parse HEAD`), with `-dirty` when the tree had changes. */
    commit: z.string().regex(/^[0-9a-f]{40}(-dirty)?$/),
    /** When the section started (ISO 8601, UTC). */
    date: z.iso.datetime(),
    node: z.string().regex(/^v\d+\.\d+\.\d+/),
    /** The machine's 1-, 5- and 15-minute load averages when the section started and ended, and its cores. */
    load: z.object({ start: loadAverages, end: loadAverages, cores: z.number().int().positive() }),
    figures: z.record(z.string(), z.unknown()).refine((figures) => Object.keys(figures).length > 0, "no figures"),
  })
  .strict();
export type BenchResultFile = z.infer<typeof benchResultFile>;

/** The commit of the working tree the bench runs in, marked `-dirty` when it has uncommitted changes. */
export function benchCommit(cwd = resolve(BENCH_RESULTS_DIRECTORY, "..")): string {
  const git = (...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();
  const head = git("rev-parse", "HEAD");
  const dirty = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/results") !== "";
  return dirty ? `${head}-dirty` : head;
}

/** The three load averages, rounded to hundredths. */
export function currentLoad(): [number, number, number] {
  const [one, five, fifteen] = loadavg().map((value) => Math.round(value * 100) / 100);
  return [one ?? 0, five ?? 0, fifteen ?? 0];
}

/** Writes a section's result file atomically (a temporary file renamed over it) and returns its path. */
export function writeBenchResult(result: BenchResultFile, directory = BENCH_RESULTS_DIRECTORY): string {
  const checked = benchResultFile.parse(result);
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `${checked.section}.json`);
  writeFileSync(`${path}.partial`, `${JSON.stringify(checked, null, 2)}\n`);
  renameSync(`${path}.partial`, path);
  return path;
}
