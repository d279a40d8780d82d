import { existsSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { appendJsonLine, writeFileAtomic } from "../../core/atomic-write.js";
import { EnvriggerError } from "../../core/errors.js";
import type { CorpusLine } from "../../export/corpus-line.js";
import { corpusLineOf } from "../../export/corpus-line-of.js";
import type { ChatEpisode } from "../../export/chat-episode.js";
import { readStoredCandidates } from "../../export/read-stored-candidates.js";
import { chatEpisodesOfCandidates, chatEpisodesOfRun } from "../../export/run-chat-episodes.js";
import { readRun } from "../../curriculum/read-run.js";
import { productStackDependencies } from "../../app/product-stack-dependencies.js";
import { readCandidateRecord } from "../../rigger/candidate-store.js";
import type { CliIo } from "../cli-io.js";
import { parseChoice, parseInteger } from "../parse-arguments.js";

/** Raw options of `envrigger export`. */
export interface ExportCommandOptions {
  format: string;
  run?: string;
  candidates?: string;
  policy?: string;
  episodes?: string;
  seed?: string;
  rolloutConcurrency?: string;
  successesOnly?: boolean;
  out?: string;
}

/** What `export` wrote. */
export interface ExportSummary {
  format: "chat-jsonl" | "corpus";
  lines: number;
  successes?: number;
  skipped?: number;
  out: string | null;
}

/** Lines go to `<out>.partial` one by one and the file is renamed to `<out>` at the end; without `--out`, to stdout. */
function lineWriter(io: CliIo, out: string | undefined) {
  if (out === undefined)
    return {
      write: (value: unknown) => io.stdout(`${JSON.stringify(value)}\n`),
      finish: (_lines: number): string | null => null,
    };
  const target = resolve(io.cwd, out);
  const partial = `${target}.partial`;
  if (existsSync(partial)) rmSync(partial);
  return {
    write: (value: unknown) => appendJsonLine(partial, value),
    finish: (lines: number) => {
      // An empty export is an empty file.
      if (lines === 0) writeFileAtomic(target, "");
      else renameSync(partial, target);
      return target;
    },
  };
}

/**
 * `envrigger export`: `--format chat-jsonl` writes episodes as OpenAI-style chats (from
 * a run's recorded rollouts, or fresh rollouts of stored candidates); `--format corpus`
 * writes one line per accepted stack (from a candidate directory or a run).
 */
export async function exportCommand(options: ExportCommandOptions, io: CliIo): Promise<ExportSummary> {
  const format = parseChoice(options.format, "--format", ["chat-jsonl", "corpus"] as const);
  if ((options.run === undefined) === (options.candidates === undefined)) {
    throw new EnvriggerError("BAD_ARGUMENT", "give exactly one of --run <dir> or --candidates <dir|corpus.jsonl>");
  }
  const writer = lineWriter(io, options.out);
  let lines = 0;
  if (format === "corpus") {
    if (options.successesOnly || options.policy !== undefined)
      throw new EnvriggerError("BAD_ARGUMENT", "--successes-only and --policy apply to --format chat-jsonl only");
    let corpus: CorpusLine[];
    if (options.run !== undefined) {
      const run = await readRun(resolve(io.cwd, options.run));
      corpus = run.tasks
        .filter((task) => task.outcome === "accepted" && task.candidatePath !== null)
        .map((task) => corpusLineOf(readCandidateRecord(resolve(io.cwd, task.candidatePath as string))));
    } else {
      corpus = readStoredCandidates(resolve(io.cwd, options.candidates as string));
    }
    for (const line of corpus) {
      writer.write(line);
      lines += 1;
    }
    const out = writer.finish(lines);
    io.stderr(`export: ${lines} accepted stack(s)${out ? ` → ${out}` : ""}\n`);
    return { format, lines, out };
  }
  let successes = 0;
  let skipped = 0;
  const emit = (episode: ChatEpisode) => {
    if (options.successesOnly && !episode.success) {
      skipped += 1;
      return;
    }
    writer.write(episode);
    lines += 1;
    if (episode.success) successes += 1;
  };
  if (options.run !== undefined) {
    if (options.policy !== undefined || options.episodes !== undefined)
      throw new EnvriggerError(
        "BAD_ARGUMENT",
        "--policy and --episodes make fresh rollouts of --candidates; a --run exports its recorded rollouts",
      );
    await chatEpisodesOfRun(options.run, io.cwd, emit);
  } else {
    if (options.policy === undefined)
      throw new EnvriggerError(
        "BAD_ARGUMENT",
        "fresh rollouts of --candidates need --policy <policy> (and --episodes N, default 10)",
      );
    await chatEpisodesOfCandidates(
      {
        candidates: options.candidates as string,
        policy: options.policy,
        episodes: parseInteger(options.episodes ?? "10", "--episodes"),
        seed: parseInteger(options.seed ?? "0", "--seed"),
        ...(options.rolloutConcurrency === undefined
          ? {}
          : { concurrency: parseInteger(options.rolloutConcurrency, "--rollout-concurrency") }),
        cwd: io.cwd,
        stack: productStackDependencies(io.cwd),
      },
      emit,
    );
  }
  const out = writer.finish(lines);
  io.stderr(
    `export: ${lines} episode(s), ${successes} successful${options.successesOnly ? `, ${skipped} failed ones left out` : ""}${out ? ` → ${out}` : ""}\n`,
  );
  return { format, lines, successes, skipped, out };
}
