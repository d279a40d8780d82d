import { z } from "zod";
import { isolationSchema } from "../../../sandbox/process/index.js";

/** The `repo` env's JSON options. */
export const repoOptionsSchema = z.strictObject({
  /** `hidden`: 1 iff submitted and every hidden FAIL_TO_PASS and PASS_TO_PASS test passes; `public`: 1 iff the visible tests pass as the agent left them (hackable: the agent may edit them). */
  reward: z.enum(["hidden", "public"]).default("hidden"),
  maxTurns: z.number().int().min(1).max(1000).default(30),
  /** Characters an observation keeps (head and tail around a marker). */
  observationBudget: z.number().int().min(200).max(1_000_000).default(6000),
  /** `bwrap` (the default) or `none-explicit`: run the agent's code unconfined, only when the user says so. */
  isolation: isolationSchema.default("bwrap"),
  /** Wall-clock limit of one test run, ms. */
  testTimeoutMs: z.number().int().min(1000).max(600_000).default(60_000),
});

/** Parsed `repo` options. */
export type RepoOptions = z.infer<typeof repoOptionsSchema>;
/** `repo` options as given. */
export type RepoOptionsInput = z.input<typeof repoOptionsSchema>;
