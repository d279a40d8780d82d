import type { Split, TaskInfo } from "../../core/task.js";

/** The one task of an OpenEnv server. */
export const OPENENV_TASK_ID = "default";

/**
 * The tasks of an OpenEnv server: OpenEnv's `/schema` describes actions, observations and
 * state but lists no tasks, so there is one training task, `default` (whatever the
 * server's `reset` starts), and no held-out task.
 */
export function openEnvTaskInfos(split: Split): TaskInfo[] {
  return split === "train"
    ? [{ id: OPENENV_TASK_ID, split: "train", instruction: "the episode the OpenEnv server's reset starts" }]
    : [];
}
