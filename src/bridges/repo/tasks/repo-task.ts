import { z } from "zod";
import { splitSchema } from "../../../core/task.js";
import { droppedCandidateSchema } from "./build-event.js";
import { referenceChangeSchema } from "./reference-change.js";

const commit = z.string().regex(/^[0-9a-f]{40}$/);

/** How an injected bug changed the source (a ts-morph mutation of one node). */
export const mutationKindSchema = z.enum([
  "flip-operator",
  "off-by-one",
  "drop-branch",
  "swap-arguments",
  "wrong-constant",
]);
export type MutationKind = z.infer<typeof mutationKindSchema>;

/**
 * One validated task of a repository. The agent starts from `startCommit` with
 * `startChanges` applied (an injected bug) and sees that tree's tests; the verdict runs on
 * the tree of `referenceCommit` with the agent's version of the editable files (the
 * target's sources and the files `referenceChanges` touches) laid over it and needs
 * every FAIL_TO_PASS and PASS_TO_PASS test to pass. PASS_TO_PASS is the repository's
 * baseline set of `baseline` minus FAIL_TO_PASS minus `passToPassExcluded`.
 */
export const repoTaskSchema = z.object({
  id: z.string().min(1),
  repo: z.string().min(1),
  source: z.enum(["historical", "injected"]),
  split: splitSchema,
  /** The tree the agent starts from (a historical fix's parent; the pinned commit for an injected bug). */
  startCommit: commit,
  /** Changes made to the start tree before the agent sees it (the injected bug), as Edits of that tree. */
  startChanges: z.array(referenceChangeSchema),
  /** The tree the hidden tests come from (the fix commit; the pinned commit for an injected bug). */
  referenceCommit: commit,
  /** The change that fixes the task, as the agent's tools would make it (source files only). */
  referenceChanges: z.array(referenceChangeSchema).min(1),
  /** sha256 of each file the reference change touches, as the agent first sees it. */
  startFileHashes: z.record(z.string(), z.string()),
  /** The test files of `referenceCommit` the task's tests live in (a record: the verdict takes every file but the editable ones from that tree). */
  hiddenTestFiles: z.array(z.string()),
  /** The issue text: the commit subject or the bug's symptom and the failing tests as observed — never the patch. */
  statement: z.string().min(1),
  failToPass: z.array(z.string()).min(1),
  /** A key of the task file's `baselines`. */
  baseline: z.string().min(1),
  passToPassExcluded: z.array(z.string()),
  /** What the injected bug was (absent for historical fixes). */
  mutation: z
    .object({ kind: mutationKindSchema, path: z.string(), line: z.number().int(), description: z.string() })
    .optional(),
  /** The fix commit's subject (historical fixes). */
  subject: z.string().optional(),
});

/** One validated task. */
export type RepoTask = z.infer<typeof repoTaskSchema>;

/** A repository's validated tasks as checked in (`data/repo-tasks/<name>.json`). */
export const repoTaskFileSchema = z.object({
  version: z.literal(1),
  repo: z.string().min(1),
  /** The pinned commit the tasks were built from. */
  commit,
  /** How the tasks were validated (each run count per tree, what was dropped). */
  validation: z.object({
    runs: z.number().int().positive(),
    flakyDropped: z.array(z.string()),
    /** Every candidate tried and not kept, with the reason (builds before this field: absent). */
    dropped: z.array(droppedCandidateSchema).optional(),
  }),
  /** Test ids that passed in every run of a tree, by key (a commit, or commit+mutation-free). */
  baselines: z.record(z.string(), z.array(z.string())),
  tasks: z.array(repoTaskSchema),
});

/** A repository's task file. */
export type RepoTaskFile = z.infer<typeof repoTaskFileSchema>;

/** The PASS_TO_PASS tests of a task in its file. */
export function passToPassOf(file: RepoTaskFile, task: RepoTask): string[] {
  const excluded = new Set([...task.failToPass, ...task.passToPassExcluded]);
  return (file.baselines[task.baseline] ?? []).filter((id) => !excluded.has(id));
}
