import { z } from "zod";

/**
 * A repository tasks are built from and episodes run on: where its history is, how its
 * suite runs and what it needs. The bundled eleven come from `data/repos/MANIFEST.json`;
 * `repo:<dir or bundle>` makes one from a small manifest file or flags.
 */
export const repoTargetSchema = z.object({
  /** Short name, used in task ids (`dequal`, `my-lib`). */
  name: z.string().regex(/^[A-Za-z0-9._-]+$/),
  /** A git bundle or repository directory (anything `git clone` takes), absolute. */
  bundle: z.string().min(1),
  /** The commit injected bugs start from and history is mined up to (default: HEAD). */
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  /** A shell command that runs the whole suite offline. */
  testCommand: z.string().min(1),
  /** The source files bugs are injected into (relative paths). */
  sourceFiles: z.array(z.string().min(1)).min(1),
  /** devDependencies at exact versions (installed once into the cache). */
  devDependencies: z.record(z.string(), z.string()),
  /** Globs of the test files (default: the usual layouts, a root `test.js` included): never a source, always the reference's in hidden grading. */
  tests: z.array(z.string().min(1)).default([]),
  /** Tests known to be flaky (substring of the test id): never in FAIL_TO_PASS or PASS_TO_PASS. */
  flakyTests: z.array(z.string()).default([]),
});

/** A repository tasks are built from. */
export type RepoTarget = z.infer<typeof repoTargetSchema>;
