import type { EnvDefinition } from "../../core/env-definition.js";
import { listEnvs, resolveEnv } from "../../bridges/env-registry.js";
import type { CliIo } from "../cli-io.js";
import { formatTable } from "../format-table.js";
import { wrapWords } from "../wrap-words.js";

/** One environment in `envrigger envs --json`. */
export interface EnvListing {
  id: string;
  description: string;
  tools: string[];
  /** The options `--env-option` sets, each with its values and default in words. */
  options: Record<string, string>;
  tasks: { train: string[]; heldout: string[] };
}

/** The width `envs` keeps its text within: a 100-column terminal. */
export const ENVS_WIDTH = 100;

/** Task ids shown per split in `envs --env ID` (`--json` lists them all). */
const SHOWN_TASK_IDS = 24;

async function listingOf(definition: EnvDefinition): Promise<EnvListing> {
  const env = await definition.create();
  try {
    const tools = (await env.tools()).map((tool) => tool.name);
    const train = (await definition.listTasks("train")).map((task) => task.id);
    const heldout = (await definition.listTasks("heldout")).map((task) => task.id);
    return {
      id: definition.id,
      description: definition.description,
      tools,
      options: { ...definition.options },
      tasks: { train, heldout },
    };
  } finally {
    await env.close();
  }
}

/** List environments with their tools, options and task ids per split. */
export async function listEnvironments(): Promise<EnvListing[]> {
  const listings: EnvListing[] = [];
  for (const definition of listEnvs()) listings.push(await listingOf(definition));
  return listings;
}

/** One env in words, wrapped to {@link ENVS_WIDTH}: description, tools, options, task ids. */
export function formatEnvDetails(env: EnvListing): string {
  const ids = (split: string[]) =>
    split.length <= SHOWN_TASK_IDS
      ? split.join(" ")
      : `${split.slice(0, SHOWN_TASK_IDS).join(" ")} … and ${split.length - SHOWN_TASK_IDS} more (--json lists all)`;
  const options = Object.entries(env.options);
  const optionWidth = Math.max(0, ...options.map(([name]) => name.length));
  return [
    env.id,
    wrapWords(env.description, ENVS_WIDTH, "  "),
    wrapWords(`tools: ${env.tools.join(", ")}`, ENVS_WIDTH, "  "),
    options.length === 0
      ? "  options: none"
      : `  options (--env-option name=value; default in parentheses or alone):\n${options
          .map(([name, values]) => `    ${name.padEnd(optionWidth)}  ${values}`)
          .join("\n")}`,
    wrapWords(`train (${env.tasks.train.length}): ${ids(env.tasks.train)}`, ENVS_WIDTH, "  "),
    wrapWords(`held-out (${env.tasks.heldout.length}): ${ids(env.tasks.heldout)}`, ENVS_WIDTH, "  "),
  ].join("\n");
}

/** Every env in a table that fits {@link ENVS_WIDTH} columns: tasks per split and option names. */
export function formatEnvTable(envs: EnvListing[]): string {
  const fixedWidth = Math.max(3, ...envs.map((env) => env.id.length)) + 2 + 5 + 2 + 8 + 2;
  const optionsText = (env: EnvListing) => {
    const names = Object.keys(env.options).join(" ") || "-";
    const room = ENVS_WIDTH - fixedWidth;
    return names.length <= room ? names : `${names.slice(0, room - 1)}…`;
  };
  return `${formatTable(
    ["env", "train", "held-out", "options (--env-option)"],
    envs.map((env) => [env.id, env.tasks.train.length, env.tasks.heldout.length, optionsText(env)]),
  )}envrigger envs --env ID: an env's description, tools, options with their defaults, and task ids\n`;
}

/** `envrigger envs [--env ID] [--json]`. */
export async function envsCommand(options: { env?: string; json?: boolean }, io: CliIo): Promise<void> {
  if (options.env !== undefined) {
    const env = await listingOf(await resolveEnv(options.env, io.cwd));
    io.stdout(options.json ? `${JSON.stringify({ env })}\n` : `${formatEnvDetails(env)}\n`);
    return;
  }
  const envs = await listEnvironments();
  io.stdout(options.json ? `${JSON.stringify({ envs })}\n` : formatEnvTable(envs));
}
