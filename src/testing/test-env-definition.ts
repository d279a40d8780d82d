import type { EnvDefinition } from "../core/env-definition.js";
import type { JsonObject } from "../core/json.js";
import type { Split, TaskInfo } from "../core/task.js";
import { TestEnv } from "./test-env.js";

/**
 * An {@link EnvDefinition} of {@link TestEnv} (id `test`), for tests that build stacks from
 * specs. Its options accept `target` and `maxTurns` (numbers). It counts created envs.
 */
export class TestEnvDefinition implements EnvDefinition {
  readonly id = "test";
  readonly description = "A counter env for tests.";
  /** Every env created so far, in order. */
  readonly created: TestEnv[] = [];

  async listTasks(split: Split): Promise<TaskInfo[]> {
    return new TestEnv().listTasks(split);
  }

  async create(options: JsonObject = {}): Promise<TestEnv> {
    const env = new TestEnv({
      ...(typeof options.target === "number" ? { target: options.target } : {}),
      ...(typeof options.maxTurns === "number" ? { maxTurns: options.maxTurns } : {}),
    });
    this.created.push(env);
    return env;
  }
}
