import type { CurriculumTaskInput } from "./curriculum-task.js";

/**
 * Holds each task of a run until the tasks it aims from (`aimFrom`) finished, whichever lanes
 * rig them: `ready(task)` resolves once `finished(id)` was called for every one of them. What a
 * task aims from is then the same at any number of lanes.
 */
export class AimGate {
  private readonly done = new Map<string, { promise: Promise<void>; resolve: () => void }>();

  constructor(tasks: readonly CurriculumTaskInput[]) {
    for (const task of tasks) {
      let resolve!: () => void;
      const promise = new Promise<void>((settle) => {
        resolve = settle;
      });
      this.done.set(task.id, { promise, resolve });
    }
  }

  /** Resolves when every task `task` aims from has finished (at once when it aims from none). */
  async ready(task: CurriculumTaskInput): Promise<void> {
    await Promise.all((task.aimFrom ?? []).map((id) => this.done.get(id)?.promise));
  }

  /** Task `id` finished (rigged, failed or not rigged): the tasks aiming from it may start. */
  finished(id: string): void {
    this.done.get(id)?.resolve();
  }
}
