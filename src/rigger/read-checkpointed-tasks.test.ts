import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TRAJECTORIES_PER_ATTEMPT } from "./attempt-examples.js";
import { openCheckpointer } from "./open-checkpointer.js";
import type { RigDependencies } from "./rig-dependencies.js";
import { rigTask } from "./rig-task.js";
import { TRAJECTORY_BATCH_TABLE } from "./sqlite-trajectory-batch-store.js";
import { isSuccess } from "../rollout/summarize.js";
import { ScriptedDesigner } from "../testing/scripted-designer.js";
import { counterRigDependencies } from "../testing/counter-rig-dependencies.js";
import { readCheckpointedTasks } from "./read-checkpointed-tasks.js";

/** A rig setup on the test env whose only candidate, `half`, rewrites half the `inc` calls into `dec`. */
function dependencies(root: string): RigDependencies {
  return counterRigDependencies(
    root,
    new ScriptedDesigner([{ layers: [{ kind: "rules", source: "half" }], rationale: "half" }]),
  );
}

const config = {
  envId: "test",
  taskId: "t1",
  policy: "hesitant",
  designer: "scripted",
  target: { successBand: [0.1, 0.3] as [number, number] },
  seed: 1,
  revisions: 1,
};

describe("readCheckpointedTasks", () => {
  it("reads the trajectories a thread's state refers to from the file's batch table, and refuses a checkpoint holding them inline (run format 1)", async () => {
    const root = mkdtempSync(join(tmpdir(), "read-checkpoints-"));
    const path = join(root, "t1.sqlite");
    const file = openCheckpointer(path);
    const result = await rigTask(config, dependencies(root), file.saver);
    const latest = (await file.saver.getTuple({ configurable: { thread_id: "test/t1", checkpoint_ns: "" } }))!;
    file.close();

    const [task] = await readCheckpointedTasks([path], "test");
    expect(task!.baseline!.trajectories).toHaveLength(result.baseline.episodes);
    expect(task!.validation!.trajectories).toHaveLength(task!.validation!.stats.episodes);
    for (const attempt of task!.attempts) {
      const kept = attempt.trajectories ?? [];
      expect(kept.slice(0, TRAJECTORIES_PER_ATTEMPT)).toHaveLength(TRAJECTORIES_PER_ATTEMPT);
      // A fourth only as the first success after three that failed (see attemptExamples).
      if (kept.length > TRAJECTORIES_PER_ATTEMPT)
        expect([kept.length, kept.slice(0, TRAJECTORIES_PER_ATTEMPT).some(isSuccess), isSuccess(kept.at(-1)!)]).toEqual(
          [TRAJECTORIES_PER_ATTEMPT + 1, false, true],
        );
    }
    expect(task!.baseline!.trajectories[0]!.taskId).toBe("t1");

    // The same state as run format 1 wrote it: trajectories inline, no table.
    const legacyPath = join(root, "legacy.sqlite");
    const legacy = openCheckpointer(legacyPath, { writable: false });
    const values = latest.checkpoint.channel_values as Record<string, unknown>;
    const inline = {
      ...values,
      baseline: task!.baseline,
      validation: { ...(values.validation as object), trajectories: task!.validation!.trajectories },
      attempts: task!.attempts,
    };
    await legacy.saver.put(
      { configurable: { thread_id: "test/t1", checkpoint_ns: "" } },
      { ...latest.checkpoint, channel_values: inline },
      latest.metadata!,
    );
    expect(
      legacy.saver.db.prepare("SELECT name FROM sqlite_master WHERE name = ?").all(TRAJECTORY_BATCH_TABLE),
    ).toEqual([]);
    legacy.close();
    await expect(readCheckpointedTasks([legacyPath], "test")).rejects.toThrow(/a trajectory batch reference/);
  });
});
