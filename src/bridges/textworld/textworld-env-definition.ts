import { z } from "zod";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { EnvDefinition } from "../../core/env-definition.js";
import type { JsonObject } from "../../core/json.js";
import type { Split, TaskInfo } from "../../core/task.js";
import { parseWith } from "../../core/validate.js";
import { TEXTWORLD_DEFAULT_OBSERVATION_BUDGET, TextWorldEnv } from "./textworld-env.js";
import { StoryOpenings } from "./story-openings.js";
import { loadTextWorldLibrary } from "./textworld-library.js";
import { TextWorldTaskCatalog, buildTextWorldTasks } from "./textworld-task-catalog.js";

/** Options of `textworldEnv.create()`. Unknown keys are refused. */
export const textWorldEnvOptionsSchema = z.strictObject({
  /** Override every task's turn budget (default: the task's, twice its recorded solution plus 10). */
  maxTurns: z.number().int().min(1).max(10_000).optional(),
  /** Characters of game text per observation (default 4000); longer texts keep head and tail. */
  observationBudget: z.number().int().min(200).max(1_000_000).default(TEXTWORLD_DEFAULT_OBSERVATION_BUDGET),
});
export type TextWorldEnvOptionsInput = z.input<typeof textWorldEnvOptionsSchema>;

interface Bundle {
  openings: StoryOpenings;
  catalog: TextWorldTaskCatalog;
}

let bundleLoad: Promise<Bundle> | null = null;

/**
 * The bundled games, their tasks and their openings, read on first use and shared by every
 * env of the definition (none of it is game state); a failed read is retried next time.
 */
function bundled(): Promise<Bundle> {
  if (!bundleLoad) {
    bundleLoad = loadTextWorldLibrary().then((library) => ({
      openings: new StoryOpenings(library),
      catalog: new TextWorldTaskCatalog(buildTextWorldTasks(library)),
    }));
    bundleLoad.catch(() => {
      bundleLoad = null;
    });
  }
  return bundleLoad;
}

/**
 * The text-adventure environment (`textworld`): the eight bundled TextWorld games (each a
 * task, plus a sub-goal task per quest before the last) and Zork I score milestones. Task
 * ids: `<game>` (e.g. `tw-rewardsDense_goalDetailed`), `<game>-quest-<k>`, `zork1-score-<n>`;
 * groups `textworld-game`, `textworld-quest`, `zork1-milestone`; held out: the games
 * `tw-rewardsDense_goalBrief`, `tw-rewardsBalanced_goalBrief`, `tw-rewardsSparse_goalNone` and
 * Zork's 55-point milestone (see `textworld-task-catalog.ts`). Files are read when tasks are
 * first listed or an env first created, never at import. Bad options throw `BAD_CONFIG`.
 */
export const textworldEnv: EnvDefinition = {
  id: "textworld",
  description:
    "Text adventures on a Z-machine: 8 TextWorld games (the engine under ALFWorld) with quest sub-goals, and Zork I score milestones. " +
    "Tools: command(text), and the Setup-only stage_move(thing, to, probability?) that moves a thing of the starting room before the start.",
  demonstrator: "walkthrough",
  options: { maxTurns: "per task by default", observationBudget: "4000" },
  async listTasks(split: Split): Promise<TaskInfo[]> {
    return (await bundled()).catalog.listTasks(split);
  },
  async create(options: JsonObject = {}): Promise<ActionableEnv> {
    const parsed = parseWith(textWorldEnvOptionsSchema, options, "textworld options", "BAD_CONFIG");
    const { openings, catalog } = await bundled();
    return new TextWorldEnv(catalog, openings, parsed);
  },
};
