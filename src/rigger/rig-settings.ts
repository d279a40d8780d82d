import { z } from "zod";
import { jsonObjectSchema, type JsonObject } from "../core/json.js";
import { MAX_TIMER_MS } from "../core/max-timer-ms.js";
import { baselineSettingTable } from "../rollout/baseline-settings.js";
import { DEFAULT_CALL_TIMEOUT_MS } from "../rollout/call-deadline.js";
import { integer, MAX_COUNT, type Setting, type SettingLimit, shapeOf, text } from "../core/setting.js";
import { DEFAULT_DECISION_POLICY, decisionRules } from "./decision-policy.js";

function decimal(
  row: { flag: `--${string}`; help: string; value: string; default: number } & SettingLimit,
): Setting<z.ZodDefault<z.ZodNumber>> {
  const { minimum, maximum, ...rest } = row;
  return {
    ...rest,
    kind: "decimal",
    limit: { minimum, maximum },
    schema: z.number().min(minimum).max(maximum).default(row.default),
  };
}

function band(row: { flag: `--${string}`; help: string; maximum: number; defaultText?: string }) {
  const schema = z
    .tuple([z.number().min(0), z.number().max(row.maximum)])
    .refine(([low, high]) => low < high, "a band is [low, high] with low < high")
    .optional();
  return {
    flag: row.flag,
    value: "<lo,hi>",
    help: row.help,
    kind: "band",
    limit: { minimum: 0, maximum: row.maximum },
    ...(row.defaultText ? { defaultText: row.defaultText } : {}),
    schema,
  } satisfies Setting;
}

/** The largest upper end `--band-steps` accepts. */
export const MAX_BAND_STEPS = 1_000_000;

/**
 * The one root of what runs write when no directory is named: `runs/` in the working
 * directory, each run in `runs/<id>/` with its candidates inside.
 */
export const DEFAULT_RUNS_DIR = "runs";

/**
 * The settings of rigging — one task (`rig`) or every task of a split (`curriculum`) —
 * declared once. Each field's flag is its kebab-case name (`kMax` ↔ `--k-max`); the CLI,
 * `rig()`/`curriculum()`, the stored run configuration and the resume check read this table.
 * A field is named after its flag (`--k-max` sets `kMax`), except where the stored run
 * configuration names the value more exactly: `--env-option` sets `envOptions`,
 * `--call-timeout` `callTimeoutMs`, `--candidates` `candidatesDir`.
 */
export const rigSettingTable = {
  env: text({ flag: "--env", value: "<env>", help: "environment id, or file:<path> for a plugin module" }, z.string()),
  envOptions: {
    flag: "--env-option",
    value: "<key=value>",
    help: "an env option, repeatable (JSON values: maxTurns=20, successReward=1); `envrigger envs` lists each env's options",
    kind: "key-value",
    default: {},
    schema: (jsonObjectSchema as z.ZodType<JsonObject, JsonObject>).default({}),
  } satisfies Setting,
  policy: text({ flag: "--policy", value: "<policy>", help: "policy name for the env, or file:<path>" }, z.string()),
  designer: text(
    {
      flag: "--designer",
      value: "<designer>",
      help: "heuristic | random | openai:<model> | gemini:<model>",
      default: "heuristic",
    },
    z.string().min(1).default("heuristic"),
  ),
  band: band({
    flag: "--band",
    help: "target success-rate band",
    maximum: 1,
    defaultText: "0.4,0.6 when no other target is given",
  }),
  bandSteps: band({ flag: "--band-steps", help: "target mean-steps band", maximum: MAX_BAND_STEPS }),
  weakness: text(
    {
      flag: "--weakness",
      value: "<text>",
      help: 'a named weakness to make decisive, e.g. "submits without running the tests"',
    },
    z.string().trim().min(3).optional(),
  ),
  k: integer({ flag: "--k", help: "rollouts per batch (K)", minimum: 1, maximum: MAX_COUNT, default: 5 }),
  rule: {
    flag: "--rule",
    value: "<rule>",
    help: "posterior (the true rate within --tolerance at --confidence) | paper (one batch of --k per candidate, accepted when its mean is in band)",
    kind: "choice",
    choices: decisionRules,
    default: DEFAULT_DECISION_POLICY.rule,
    schema: z.enum(decisionRules).default(DEFAULT_DECISION_POLICY.rule),
  } satisfies Setting,
  kMax: integer({
    flag: "--k-max",
    help: "cap on rollouts per validation (sequential validation)",
    minimum: 1,
    maximum: MAX_COUNT,
    default: DEFAULT_DECISION_POLICY.kMax,
  }),
  confidence: {
    flag: "--confidence",
    value: "<p>",
    help: "posterior probability that the true rate lies in the band (with --check-rollouts K: that a fresh K-rollout check lands in band), needed to accept or skip",
    kind: "probability",
    default: DEFAULT_DECISION_POLICY.confidence,
    schema: z.number().gt(0.5).lt(1).default(DEFAULT_DECISION_POLICY.confidence),
  } satisfies Setting,
  tolerance: decimal({
    flag: "--tolerance",
    value: "<rate>",
    help: "how far outside --band a true rate may lie: accept when the true rate is in [lo − rate, hi + rate] at --confidence and the measured rate in [lo, hi] (0: the band itself)",
    minimum: 0,
    maximum: 0.5,
    default: DEFAULT_DECISION_POLICY.tolerance,
  }),
  stepsTolerance: decimal({
    flag: "--steps-tolerance",
    value: "<turns>",
    help: "the same for --band-steps, in turns",
    minimum: 0,
    maximum: MAX_BAND_STEPS,
    default: DEFAULT_DECISION_POLICY.stepsTolerance,
  }),
  checkRollouts: integer({
    flag: "--check-rollouts",
    help: "target a fresh check of this many rollouts instead of the true rate (0: the true rate)",
    minimum: 0,
    maximum: MAX_COUNT,
    default: DEFAULT_DECISION_POLICY.checkRollouts,
  }),
  confirmationEpisodes: integer({
    flag: "--confirmation-episodes",
    help: "fresh rollouts confirming a candidate that passed, before the final accept (0: none)",
    minimum: 0,
    maximum: MAX_COUNT,
    default: DEFAULT_DECISION_POLICY.confirmationEpisodes,
  }),
  budgetRollouts: integer({
    flag: "--budget-rollouts",
    help: "rollouts each task may spend in all (baseline and validations; at most one batch over): the task then ends with the verdict reached, marked BUDGET_EXHAUSTED",
    minimum: 1,
    maximum: 10_000_000,
  }),
  budgetTotal: integer({
    flag: "--budget-total",
    help: "rollouts the whole run may spend, summed over its tasks and lanes (never more: the last batches are trimmed): a task running when it is spent ends with the verdict reached, marked BUDGET_EXHAUSTED; tasks not started are reported as not rigged",
    minimum: 1,
    maximum: 1_000_000_000,
  }),
  revisions: integer({
    flag: "--revisions",
    help: "revisions after the first candidate",
    minimum: 0,
    maximum: 1_000,
    default: 5,
  }),
  seed: baselineSettingTable.seed,
  maxTurns: integer({
    flag: "--max-turns",
    help: "cap on policy turns per episode",
    minimum: 1,
    maximum: MAX_COUNT,
    defaultText: "the env's own",
  }),
  rolloutConcurrency: integer({
    flag: "--rollout-concurrency",
    help: "episodes of a rollout batch in flight at once in this process",
    minimum: 1,
    maximum: 1_024,
    defaultText: "16 for LLM policies and OpenEnv envs, else 1",
  }),
  callTimeoutMs: integer({
    flag: "--call-timeout",
    value: "<ms>",
    help: "deadline of each env and policy call in ms; past it the episode stops with `timeout`",
    minimum: 1,
    maximum: MAX_TIMER_MS,
    default: DEFAULT_CALL_TIMEOUT_MS,
  }),
  runsDir: text(
    {
      flag: "--runs-dir",
      value: "<dir>",
      help: "where a new run's directory is made (`<dir>/<id>/`) unless --out names it; everything the run writes, its accepted candidates too, goes in it",
      default: DEFAULT_RUNS_DIR,
    },
    z.string().min(1).default(DEFAULT_RUNS_DIR),
  ),
  candidatesDir: text(
    {
      flag: "--candidates",
      value: "<dir>",
      help: "store accepted candidates here instead (`<dir>/<env>/<task>/<hash>.json`), e.g. one store for several runs",
      defaultText: "candidates/ in the run directory",
    },
    z.string().min(1).optional(),
  ),
} as const;

/**
 * The settings only a curriculum has: which tasks, which earlier tasks each aims from, and
 * how many are rigged at once (which never changes what a task computes).
 */
export const curriculumSettingTable = {
  split: baselineSettingTable.split,
  taskIds: {
    flag: "--task",
    value: "<ids>",
    help: "only these task ids (comma-separated)",
    kind: "list",
    schema: z.array(z.string().min(1)).min(1).optional(),
  } satisfies Setting,
  aimLag: integer({
    flag: "--aim-lag",
    help: "aim each task's first candidates from what the run measured on the tasks at least this many before it in task order, which it waits for (0: off; at least --task-concurrency keeps every lane busy)",
    minimum: 0,
    maximum: 1_024,
    default: 2,
  }),
  taskConcurrency: integer({
    flag: "--task-concurrency",
    help: "tasks rigged at once (this process plus task processes)",
    minimum: 1,
    maximum: 1_024,
    default: 1,
  }),
} as const;

/** The rig settings, with their limits and defaults. */
export const rigSettingsSchema = z.object(shapeOf(rigSettingTable));
/** The rig settings with their defaults applied. */
export type RigSettings = z.infer<typeof rigSettingsSchema>;
/** The rig settings as a caller writes them (defaults optional). */
export type RigSettingsInput = z.input<typeof rigSettingsSchema>;
