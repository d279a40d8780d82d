import type { EnvDefinition } from "../../core/env-definition.js";
import type { JsonObject } from "../../core/json.js";
import type { Split, TaskInfo } from "../../core/task.js";
import { parseWith } from "../../core/validate.js";
import { TaskCodeRunner } from "../../sandbox/task-code/task-code-runner.js";
import { BugFixTaskStore } from "../bugfix/bugfix-task-store.js";
import { bugFixTaskInfos } from "../bugfix/task-catalog.js";
import { taskPrelude } from "../bugfix/task-prelude.js";
import { BugFixToolsEnv } from "./bugfix-tools-env.js";
import { bugFixToolsOptionsSchema } from "./bugfix-tools-options.js";

/** The `bugfix-tools` {@link EnvDefinition}, plus a way to release its shared code runner. */
export interface BugFixToolsEnvDefinition extends EnvDefinition {
  /** Dispose the shared code runner (a later `create` or task run makes a fresh one). */
  dispose(): void;
}

/**
 * A `bugfix-tools` env definition. Every env it creates shares one BugFix task store per
 * `taskSeed` and one task-code runner, both created lazily inside this definition's
 * closure — nothing runs at import.
 */
export function createBugFixToolsEnvDefinition(): BugFixToolsEnvDefinition {
  let runner: TaskCodeRunner | null = null;
  const stores = new Map<number, BugFixTaskStore>();
  const sharedRunner = () => (runner ??= new TaskCodeRunner({ prelude: taskPrelude }));
  return {
    id: "bugfix-tools",
    description:
      "BugFix through general coding tools: the same 30 tasks and hidden grading as bugfix, worked on an in-memory workspace with Read, Edit, Write, Grep, Glob, Bash (ls; npm test or node --test runs the public tests) and Submit.",
    options: {
      reward: "hidden|public (hidden)",
      maxTurns: "12",
      taskSeed: "0",
      flakeRate: "0",
      observationBudget: "4000",
    },
    async listTasks(split: Split): Promise<TaskInfo[]> {
      return bugFixTaskInfos(split);
    },
    async create(options: JsonObject = {}) {
      const parsed = parseWith(bugFixToolsOptionsSchema, options, "bugfix-tools env options", "BAD_CONFIG");
      let store = stores.get(parsed.taskSeed);
      if (!store) {
        store = new BugFixTaskStore({ taskSeed: parsed.taskSeed, runner: sharedRunner });
        stores.set(parsed.taskSeed, store);
      }
      return new BugFixToolsEnv(parsed, { store });
    },
    dispose() {
      runner?.dispose();
      runner = null;
    },
  };
}

/** The built-in `bugfix-tools` env definition. */
export const bugfixToolsEnv: BugFixToolsEnvDefinition = createBugFixToolsEnvDefinition();
