import { resolve } from "node:path";
import { resolveEnv } from "../../bridges/env-registry.js";
import type { EnvDefinition } from "../../core/env-definition.js";
import { EnvriggerError } from "../../core/errors.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { splitSelectionSchema, type SplitSelection } from "../../core/task.js";
import { resolvePolicy } from "../../policies/policy-registry.js";
import { tasksOf } from "../../rollout/baseline.js";
import type { SkillEvaluation } from "../../skills/evaluate-skills.js";
import type { ExtractionReport, SkillSourceEpisodes } from "../../skills/extract-skills.js";
import { formatSkillBank } from "../../skills/format-skill-bank.js";
import { readSkillBank } from "../../skills/skill-bank.js";
import type { CliIo } from "../cli-io.js";
import { fixed, formatTable, percent } from "../format-table.js";
import { parseChoice, parseInteger } from "../parse-arguments.js";
import { createProgress } from "../progress.js";
import { rolloutConcurrencyOf } from "../rollout-options.js";

/** Raw options of `envrigger skills extract`. */
export interface SkillsExtractOptions {
  from?: string;
  fromOriginal?: boolean;
  env?: string;
  policy?: string;
  split?: string;
  task?: string;
  episodes?: string;
  match?: string;
  seed?: string;
  extractor?: string;
  out?: string;
  rolloutConcurrency?: string;
  json?: boolean;
}

/** Raw options of `envrigger skills eval`. */
export interface SkillsEvalOptions {
  bank: string;
  env: string;
  policy: string;
  split?: string;
  task?: string;
  topK?: string;
  episodes?: string;
  seed?: string;
  embeddings?: string;
  rolloutConcurrency?: string;
  json?: boolean;
}

async function toolsOf(env: EnvDefinition): Promise<ToolSpec[]> {
  const instance = await env.create();
  try {
    return await instance.tools();
  } finally {
    await instance.close();
  }
}

function isLlmSpec(spec: string): boolean {
  return spec.startsWith("openai:") || spec.startsWith("gemini:");
}

/** Trajectories of a run's accepted stacks, or fresh rollouts of the original env. */
async function sourcesOf(
  options: SkillsExtractOptions,
  io: CliIo,
  progress: ReturnType<typeof createProgress>,
): Promise<{ env: EnvDefinition; sources: SkillSourceEpisodes[] }> {
  const { readAcceptedTrajectories } = await import("../../skills/read-accepted-trajectories.js");
  if (options.from !== undefined) {
    if (options.fromOriginal)
      throw new EnvriggerError("BAD_ARGUMENT", "give either --from runs/<id> or --from-original, not both");
    const run = await readAcceptedTrajectories(resolve(io.cwd, options.from));
    if (options.env !== undefined && options.env !== run.envId)
      throw new EnvriggerError("BAD_ARGUMENT", `--env ${options.env} does not match the run's env ${run.envId}`);
    if (run.stacks.length === 0)
      throw new EnvriggerError("BAD_ARGUMENT", `${options.from} has no accepted stack (nothing to extract from)`, {
        hint: "run `envrigger curriculum` until some tasks are accepted, or use --from-original",
      });
    return {
      env: await resolveEnv(run.envId, io.cwd),
      sources: run.stacks.map((stack) => ({ stack: stack.candidateId, trajectories: stack.trajectories })),
    };
  }
  if (!options.fromOriginal)
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      "say where the trajectories come from: --from runs/<id> (accepted stacks) or --from-original --env E --policy P",
    );
  if (options.env === undefined || options.policy === undefined)
    throw new EnvriggerError("BAD_ARGUMENT", "--from-original needs --env and --policy");
  const env = await resolveEnv(options.env, io.cwd);
  const policy = await resolvePolicy(options.policy, env.id, io.cwd);
  let tasks: Array<{ taskId: string; group?: string; episodes: number }>;
  if (options.match !== undefined) {
    if (options.episodes !== undefined || options.task !== undefined)
      throw new EnvriggerError(
        "BAD_ARGUMENT",
        "--match takes the tasks and episode counts from the run; drop --episodes and --task",
      );
    const run = await readAcceptedTrajectories(resolve(io.cwd, options.match));
    if (run.envId !== env.id)
      throw new EnvriggerError("BAD_ARGUMENT", `--match run is on env ${run.envId}, not ${env.id}`);
    tasks = run.stacks.map((stack) => ({ taskId: stack.taskId, episodes: stack.trajectories.length }));
  } else {
    const split = parseChoice(options.split ?? "train", "--split", splitSelectionSchema.options) as SplitSelection;
    const episodes = parseInteger(options.episodes ?? "10", "--episodes");
    const wanted = options.task
      ?.split(",")
      .map((id) => id.trim())
      .filter(Boolean);
    const listed = await tasksOf(env, split);
    const missing = (wanted ?? []).filter((id) => !listed.some((task) => task.id === id));
    if (missing.length > 0)
      throw new EnvriggerError(
        "UNKNOWN_TASK",
        `unknown task(s) for env ${env.id} in split ${split}: ${missing.join(", ")}`,
      );
    tasks = listed
      .filter((task) => wanted === undefined || wanted.includes(task.id))
      .map((task) => ({ taskId: task.id, ...(task.group === undefined ? {} : { group: task.group }), episodes }));
  }
  const { rollOriginalEpisodes } = await import("../../skills/roll-original-episodes.js");
  progress.start(
    tasks.reduce((sum, task) => sum + task.episodes, 0),
    "original rollouts",
  );
  const trajectories = await rollOriginalEpisodes({
    env,
    policy: policy.factory,
    tasks,
    seed: parseInteger(options.seed ?? "1", "--seed"),
    concurrency: rolloutConcurrencyOf(options, options.policy, options.env),
    onEpisode: (done) => progress.update(done),
  });
  progress.stop();
  return { env, sources: [{ stack: "original", trajectories }] };
}

/** `envrigger skills extract`: distil memory items from trajectories into a bank. */
export async function skillsExtractCommand(options: SkillsExtractOptions, io: CliIo): Promise<ExtractionReport> {
  if (options.out === undefined) throw new EnvriggerError("BAD_ARGUMENT", "--out <bank.jsonl> is required");
  const extractorSpec = options.extractor ?? "mined";
  if (extractorSpec !== "mined" && !isLlmSpec(extractorSpec))
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `--extractor expects mined, openai:<model> or gemini:<model>, got "${extractorSpec}"`,
    );
  const progress = createProgress(io, !options.json);
  // Build the LLM extractor first: a bad spec or a missing key fails before any rollout.
  let extractor: "mined" | import("../../skills/llm-skill-extractor.js").LlmSkillExtractor = "mined";
  if (extractorSpec !== "mined") {
    const { createStructuredChat } = await import("../../llm/create-structured-chat.js");
    const { LlmSkillExtractor } = await import("../../skills/llm-skill-extractor.js");
    extractor = new LlmSkillExtractor(createStructuredChat(extractorSpec), { name: extractorSpec });
  }
  const { env, sources } = await sourcesOf(options, io, progress);
  const { extractSkills } = await import("../../skills/extract-skills.js");
  const out = resolve(io.cwd, options.out);
  progress.start(
    sources.reduce((sum, source) => sum + source.trajectories.length, 0),
    "extract",
  );
  const report = await extractSkills({
    envId: env.id,
    tools: await toolsOf(env),
    sources,
    extractor,
    out,
    onProgress: (done) => progress.update(done),
  });
  progress.stop();
  await env.dispose?.();
  if (options.json) {
    io.stdout(`${JSON.stringify(report)}\n`);
    return report;
  }
  const lines = [
    `${report.items} item(s) appended to ${report.out} by ${report.extractor} from ${report.episodes} episodes (${report.successes} successes, ${report.failures} failures)`,
  ];
  if (report.extractor !== "mined")
    lines.push(
      `malformed answers dropped: ${report.malformed}; items naming the task dropped: ${report.taskSpecific}; tokens in ${report.usage.inputTokens} / out ${report.usage.outputTokens} in ${report.usage.calls} calls`,
    );
  io.stdout(`${lines.join("\n")}\n`);
  if (report.contrasts) {
    io.stdout(
      formatTable(
        ["habit", "successes showing", "failures showing", "success with", "success without", "p", "verdict"],
        report.contrasts.map((contrast) => [
          contrast.habit,
          `${contrast.counts.successesShowing}/${contrast.counts.successes}`,
          `${contrast.counts.failuresShowing}/${contrast.counts.failures}`,
          percent(contrast.counts.successWith),
          percent(contrast.counts.successWithout),
          contrast.counts.pValue < 0.0001 ? contrast.counts.pValue.toExponential(1) : fixed(contrast.counts.pValue, 4),
          contrast.verdict + (contrast.counts.decisive ? " (decisive)" : ""),
        ]),
      ),
    );
  }
  return report;
}

/** `envrigger skills eval`: the same LLM policy with and without retrieved skills, same seeds. */
export async function skillsEvalCommand(options: SkillsEvalOptions, io: CliIo): Promise<SkillEvaluation> {
  if (!isLlmSpec(options.policy))
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `skills eval needs an LLM policy (openai:<model> or gemini:<model>), got "${options.policy}"`,
      { hint: "scripted policies do not read a system prompt, so skills cannot change them" },
    );
  const split = parseChoice(options.split ?? "heldout", "--split", splitSelectionSchema.options) as SplitSelection;
  const k = parseInteger(options.topK ?? "3", "--top-k");
  const episodes = parseInteger(options.episodes ?? "5", "--episodes");
  const seed = parseInteger(options.seed ?? "0", "--seed");
  const concurrency = rolloutConcurrencyOf(options, options.policy, options.env);
  const bank = readSkillBank(resolve(io.cwd, options.bank));
  for (const warning of bank.warnings) io.stderr(`warning: ${warning}\n`);
  const env = await resolveEnv(options.env, io.cwd);
  const { createLlmPolicy } = await import("../../policies/llm/create-llm-policy.js");
  const { llmPolicyModeFor } = await import("../../policies/policy-registry.js");
  const { createSkillRetriever } = await import("../../skills/create-skill-retriever.js");
  const { evaluateSkills } = await import("../../skills/evaluate-skills.js");
  const mode = llmPolicyModeFor(env.id);
  // One factory per skill list; the plain arm's is built up front so a bad spec or key fails before any rollout.
  const factories = new Map<string, ReturnType<typeof createLlmPolicy>>([
    ["[]", createLlmPolicy(options.policy, { mode })],
  ]);
  const makePolicy = (skills: string[]) => {
    const key = JSON.stringify(skills);
    if (!factories.has(key)) factories.set(key, createLlmPolicy(options.policy, { mode, skills }));
    return (factories.get(key) as ReturnType<typeof createLlmPolicy>)();
  };
  const retriever = await createSkillRetriever(
    bank.items,
    options.embeddings === undefined ? {} : { embeddings: options.embeddings },
  );
  const progress = createProgress(io, !options.json);
  let started = false;
  const result = await evaluateSkills({
    env,
    policyName: options.policy,
    makePolicy,
    retriever,
    k,
    split,
    ...(options.task === undefined
      ? {}
      : {
          taskIds: options.task
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean),
        }),
    episodes,
    seed,
    concurrency,
    onEpisode: (done, total) => {
      if (!started) progress.start(total, "skills eval");
      started = true;
      progress.update(done);
    },
  });
  progress.stop();
  await env.dispose?.();
  if (options.json) {
    io.stdout(`${JSON.stringify(result)}\n`);
    return result;
  }
  const row = (name: string, arm: SkillEvaluation["with"]) => [
    name,
    arm.episodes,
    percent(arm.successRate),
    `[${fixed(arm.successInterval[0])}, ${fixed(arm.successInterval[1])}]`,
    fixed(arm.meanTurns, 1),
  ];
  io.stdout(
    `${result.env} · policy ${result.policy} · split ${result.split} · ${result.retrieval} retrieval, top ${result.k} of ${bank.items.length} items · same seeds\n` +
      formatTable(
        ["arm", "episodes", "success", "95% CI", "turns"],
        [row("without skills", result.without), row("with skills", result.with)],
      ) +
      `difference ${result.difference >= 0 ? "+" : ""}${fixed(result.difference)}\n`,
  );
  return result;
}

/** `envrigger skills show`: print a bank's items readably. */
export function skillsShowCommand(path: string, options: { json?: boolean }, io: CliIo): void {
  const bank = readSkillBank(resolve(io.cwd, path));
  for (const warning of bank.warnings) io.stderr(`warning: ${warning}\n`);
  io.stdout(
    options.json
      ? `${JSON.stringify({ items: bank.items, warnings: bank.warnings })}\n`
      : formatSkillBank(bank.items, path),
  );
}
