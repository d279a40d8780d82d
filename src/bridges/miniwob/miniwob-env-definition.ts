import { z } from "zod";
import type { ActionableEnv } from "../../core/actionable-env.js";
import type { EnvDefinition } from "../../core/env-definition.js";
import type { JsonObject } from "../../core/json.js";
import type { Split, TaskInfo } from "../../core/task.js";
import { parseWith } from "../../core/validate.js";
import { MINIWOB_DEFAULT_MAX_TURNS, MiniwobEnv } from "./miniwob-env.js";
import { MiniwobTaskCatalog } from "./miniwob-task-catalog.js";
import { DOM_VIEW_DEFAULT_BUDGET } from "./render-dom-view.js";

/** Options of `miniwobEnv.create()`. Unknown keys are refused. */
export const miniwobEnvOptionsSchema = z.strictObject({
  /** Turn budget per episode (default 20). */
  maxTurns: z.number().int().min(1).max(1000).default(MINIWOB_DEFAULT_MAX_TURNS),
  /** Characters of the DOM view per observation (default 6000). */
  observationBudget: z.number().int().min(200).max(1_000_000).default(DOM_VIEW_DEFAULT_BUDGET),
});

let catalog: MiniwobTaskCatalog | null = null;

/** The catalogue file, read once (no browser: the file was written by the probe script). */
function bundledCatalog(): MiniwobTaskCatalog {
  catalog ??= MiniwobTaskCatalog.read();
  return catalog;
}

/**
 * MiniWoB++ web tasks in headless Chromium (`miniwob`): the bundled task pages that start
 * and can be solved with click/type/press/select/scroll, split train/held-out by a stable
 * hash of the name (see `data/miniwob/catalog.json` for the list and the exclusions with
 * their reasons). Listing tasks and creating an env never start a browser; the first
 * `reset` does, and throws `BROWSER_UNAVAILABLE` with install instructions where there is no
 * Chromium (`/usr/bin/chromium` or `ENVRIGGER_CHROMIUM`). Bad options throw `BAD_CONFIG`.
 */
export const miniwobEnv: EnvDefinition = {
  id: "miniwob",
  description:
    "MiniWoB++ web tasks (forms, menus, date pickers, inboxes…) in headless Chromium, judged by the page's own reward. " +
    "Tools click/type/press/select/scroll on refs of a text DOM view. Needs chromium.",
  options: { maxTurns: "20", observationBudget: "6000" },
  async listTasks(split: Split): Promise<TaskInfo[]> {
    return bundledCatalog().listTasks(split);
  },
  async create(options: JsonObject = {}): Promise<ActionableEnv> {
    const parsed = parseWith(miniwobEnvOptionsSchema, options, "miniwob options", "BAD_CONFIG");
    return new MiniwobEnv(bundledCatalog(), parsed);
  },
};
