import type { ActionableEnv } from "./actionable-env.js";
import type { JsonObject } from "./json.js";
import type { Split, TaskInfo } from "./task.js";

/**
 * A registered environment: its id, its tasks, and a factory for fresh instances.
 * Built-in bridges and `--env file:<path>` plugins are both turned into this shape.
 */
export interface EnvDefinition {
  readonly id: string;
  readonly description: string;
  /**
   * A policy of this env, by the name `resolvePolicy` knows (e.g. a solver, a walkthrough,
   * an oracle), whose successful episodes demonstrate how a task is solved: designers may
   * start episodes from a prefix of one, a reverse curriculum replays them at random
   * depths. Like every policy it decides only from what it observes. Absent: none.
   */
  readonly demonstrator?: string;
  /**
   * The options a user may set (`--env-option name=value`), each with its values and
   * default in words, e.g. `{ maxTurns: "turns per episode (6)" }`; `envrigger envs` lists
   * them. The env's own schema checks what it is given.
   */
  readonly options?: Readonly<Record<string, string>>;
  /** Tasks of a split. */
  listTasks(split: Split): Promise<TaskInfo[]>;
  /** A fresh, independent environment instance. `options` are env-specific (JSON). */
  create(options?: JsonObject): Promise<ActionableEnv>;
  /**
   * Release resources the definition shares between its envs (e.g. a sandbox isolate).
   * The definition stays usable: a later `create` acquires them again. Worker threads call
   * it before they end, since isolates must be disposed in the thread that made them.
   */
  dispose?(): void | Promise<void>;
}
