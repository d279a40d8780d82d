import { EnvriggerError } from "../../core/errors.js";
import { TaskCodeRunner } from "../../sandbox/task-code/task-code-runner.js";
import { BugFixTaskStore } from "./bugfix-task-store.js";
import type { SourceTestRunner } from "./source-test-runner.js";
import { taskPrelude } from "./task-prelude.js";

/**
 * The task store an env over the BugFix tasks works with: a shared one (same `taskSeed`,
 * owned by its env definition) or its own, whose code runner is created on first use and
 * disposed by {@link release}. Used by `bugfix` and `bugfix-tools` alike.
 */
export class TaskStoreLease {
  readonly store: BugFixTaskStore;
  private ownRunner: SourceTestRunner | null = null;

  constructor(taskSeed: number, shared?: BugFixTaskStore) {
    if (shared && shared.taskSeed !== taskSeed) {
      throw new EnvriggerError(
        "BAD_CONFIG",
        `the shared task store has taskSeed ${shared.taskSeed}, the options say ${taskSeed}`,
      );
    }
    this.store =
      shared ??
      new BugFixTaskStore({
        taskSeed,
        runner: () => (this.ownRunner ??= new TaskCodeRunner({ prelude: taskPrelude })),
      });
  }

  /** Dispose the env's own code runner, if it made one (a shared store is left alone). */
  release(): void {
    this.ownRunner?.dispose();
    this.ownRunner = null;
  }
}
