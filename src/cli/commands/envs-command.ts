import { listEnvs } from "../../bridges/env-registry.js";
import type { CliIo } from "../cli-io.js";
import { formatTable } from "../format-table.js";

/** One environment in `envrigger envs --json`. */
export interface EnvListing {
  id: string;
  description: string;
  tools: string[];
  tasks: { train: string[]; heldout: string[] };
}

/** List environments with their tools and task ids per split. */
export async function listEnvironments(): Promise<EnvListing[]> {
  const listings: EnvListing[] = [];
  for (const definition of listEnvs()) {
    const env = await definition.create();
    try {
      const tools = (await env.tools()).map((tool) => tool.name);
      const train = (await definition.listTasks("train")).map((task) => task.id);
      const heldout = (await definition.listTasks("heldout")).map((task) => task.id);
      listings.push({ id: definition.id, description: definition.description, tools, tasks: { train, heldout } });
    } finally {
      await env.close();
    }
  }
  return listings;
}

/** `envrigger envs [--json]`. */
export async function envsCommand(options: { json?: boolean }, io: CliIo): Promise<void> {
  const envs = await listEnvironments();
  if (options.json) {
    io.stdout(`${JSON.stringify({ envs })}\n`);
    return;
  }
  const preview = (ids: string[]) =>
    ids.length <= 4 ? ids.join(" ") : `${ids.slice(0, 3).join(" ")} … (${ids.length})`;
  io.stdout(
    formatTable(
      ["env", "tools", "train", "held-out", "description"],
      envs.map((env) => [
        env.id,
        env.tools.join(","),
        preview(env.tasks.train),
        preview(env.tasks.heldout),
        env.description.length > 72 ? `${env.description.slice(0, 71)}…` : env.description,
      ]),
    ),
  );
}
