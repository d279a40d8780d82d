import type { EnvDefinition } from "../../core/env-definition.js";
import type { JsonObject } from "../../core/json.js";
import type { Split, TaskInfo } from "../../core/task.js";
import { parseWith } from "../../core/validate.js";
import { TaskCodeRunner } from "../../sandbox/task-code/task-code-runner.js";
import { BugFixEnv } from "./bugfix-env.js";
import { bugFixOptionsSchema } from "./bugfix-options.js";
import { BugFixTaskStore } from "./bugfix-task-store.js";
import { bugFixTaskInfos } from "./task-catalog.js";
import { taskPrelude } from "./task-prelude.js";

/** The BugFix {@link EnvDefinition}, plus a way to release its shared code runner. */
export interface BugFixEnvDefinition extends EnvDefinition {
  /** Dispose the shared code runner (a later `create` or task run makes a fresh one). */
  dispose(): void;
}

/**
 * A BugFix env definition. Every env it creates shares one task store per `taskSeed` (so
 * tasks are generated and test outcomes memoized once) and one code runner, both created
 * lazily inside this definition's closure — nothing runs at import.
 */
export function createBugFixEnvDefinition(): BugFixEnvDefinition {
  let runner: TaskCodeRunner | null = null;
  const stores = new Map<number, BugFixTaskStore>();
  const sharedRunner = () => (runner ??= new TaskCodeRunner({ prelude: taskPrelude }));
  return {
    id: "bugfix",
    description:
      "BugFix gym: fix a small buggy JavaScript function (5 bug families × 6 variants; 20 train, 10 held-out tasks) with read, test, edit OP and submit in the grammar <call> TOOL [ARG] </call>; graded on hidden tests.",
    demonstrator: "oracle",
    options: {
      reward: "hidden|public (hidden)",
      maxTurns: "6",
      taskSeed: "0",
      flakeRate: "0",
      observationBudget: "4000",
    },
    async listTasks(split: Split): Promise<TaskInfo[]> {
      return bugFixTaskInfos(split);
    },
    async create(options: JsonObject = {}) {
      const parsed = parseWith(bugFixOptionsSchema, options, "bugfix env options", "BAD_CONFIG");
      let store = stores.get(parsed.taskSeed);
      if (!store) {
        store = new BugFixTaskStore({ taskSeed: parsed.taskSeed, runner: sharedRunner });
        stores.set(parsed.taskSeed, store);
      }
      return new BugFixEnv(parsed, { store });
    },
    dispose() {
      runner?.dispose();
      runner = null;
    },
  };
}

/** The built-in BugFix env definition (id `bugfix`). */
export const bugfixEnv: BugFixEnvDefinition = createBugFixEnvDefinition();
