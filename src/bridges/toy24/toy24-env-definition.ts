import { z } from "zod";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { EnvDefinition } from "../../core/env-definition.js";
import type { JsonObject } from "../../core/json.js";
import type { Split, TaskInfo } from "../../core/task.js";
import { parseWith } from "../../core/validate.js";
import { loadToy24Puzzles } from "./load-toy24-puzzles.js";
import { TOY24_DEFAULT_MAX_TURNS, Toy24Env } from "./toy24-env.js";
import { Toy24TaskCatalog } from "./toy24-task-catalog.js";

/** Options of `toy24Env.create()`. Unknown keys are refused. */
export const toy24EnvOptionsSchema = z.strictObject({
  /** Turn budget of an episode (default 12): enough for 3 combinations and a submit, with room for mistakes. */
  maxTurns: z.number().int().min(1).max(10_000).default(TOY24_DEFAULT_MAX_TURNS),
});
export type Toy24EnvOptions = z.input<typeof toy24EnvOptionsSchema>;

let catalogLoad: Promise<Toy24TaskCatalog> | null = null;

/** The bundled puzzles, read on first use and shared by every instance (a failed read is retried next time). */
function bundledCatalog(): Promise<Toy24TaskCatalog> {
  if (!catalogLoad) {
    catalogLoad = loadToy24Puzzles().then((puzzles) => new Toy24TaskCatalog(puzzles));
    catalogLoad.catch(() => {
      catalogLoad = null;
    });
  }
  return catalogLoad;
}

/**
 * The Game-of-24 environment (`toy24`) on the 1,362 Tree-of-Thoughts puzzles. Task ids
 * `24-<rank>`; held-out = every fifth rank, train = the rest; group = `easy` / `medium` /
 * `hard` by rank tercile (see `toy24-task-catalog.ts`). The puzzle file is read when tasks
 * are first listed or an env first created, never at import. Bad options throw `BAD_CONFIG`.
 */
export const toy24Env: EnvDefinition = {
  id: "toy24",
  description: "Game of 24 on the Tree-of-Thoughts puzzle set: combine four numbers with + − × ÷ into exactly 24.",
  demonstrator: "solver",
  async listTasks(split: Split): Promise<TaskInfo[]> {
    return (await bundledCatalog()).listTasks(split);
  },
  async create(options: JsonObject = {}): Promise<ActionableEnv> {
    const parsed = parseWith(toy24EnvOptionsSchema, options, "toy24 options", "BAD_CONFIG");
    return new Toy24Env(await bundledCatalog(), parsed);
  },
};
