import type { Action } from "../../core/action.js";
import type { EpisodeStart, Policy, PolicyInput } from "../../core/policy.js";
import type { RepoTask } from "../../bridges/repo/index.js";
import { call, changeCalls } from "./reference-plan.js";
import { repoCatalogOf } from "./repo-catalog-of.js";

/** How the scripted `repo` policies behave around the reference change. */
export interface ReferencePolicyHabits {
  name: string;
  /** How many parts of the reference change to make before the first test run (all: Infinity). */
  changesBeforeTesting: number;
  /** How likely it runs the tests before submitting (drawn once per episode from its seeded generator). */
  testProbability: number;
}

/**
 * A policy that knows the tasks' reference changes and makes its own task's: the task the
 * episode was started on (`start`'s task id — tasks may share a statement, so the statement
 * does not say which fix is due). The oracle makes every part, runs the tests and submits; a
 * persona with habits makes only some parts and often skips the tests — when its Submit is
 * refused (the episode goes on) it runs the tests, and when a test run still shows failures
 * it makes the rest. Started on a task the catalog does not hold, it submits.
 */
export function createReferencePolicy(envId: string, habits: ReferencePolicyHabits): Policy {
  let taskId: string | null = null;
  let task: RepoTask | undefined;
  let plan: Action[] = [];
  let made = 0;
  let testedAfterChanges = -1;
  let testsBeforeSubmit: boolean | null = null;
  return {
    name: habits.name,
    start(episode: EpisodeStart) {
      taskId = episode.taskId;
      task = undefined;
      plan = [];
      made = 0;
      testedAfterChanges = -1;
      testsBeforeSubmit = null;
    },
    async act(input: PolicyInput): Promise<Action> {
      const last = input.history.at(-1);
      if (input.turn === 0) task = (await repoCatalogOf(envId)).tasks().find((known) => known.id === taskId);
      if (!task) return call("Submit");
      // A Submit that did not end the episode (a harness refused it): run the tests, as asked.
      if (last && typeof last.action !== "string" && last.action.name === "Submit")
        return call("Bash", { command: "npm test" });
      if (last && typeof last.action !== "string" && last.action.name === "Bash") {
        testedAfterChanges = made;
        if (!/\b0 failed\b/.test(last.observation.text) && made < task.referenceChanges.length) {
          plan = task.referenceChanges.slice(made).flatMap(changeCalls);
          made = task.referenceChanges.length;
        }
      }
      if (plan.length === 0 && made === 0) {
        const count = Math.min(habits.changesBeforeTesting, task.referenceChanges.length);
        plan = task.referenceChanges.slice(0, count).flatMap(changeCalls);
        made = count;
      }
      const next = plan.shift();
      if (next) return next;
      testsBeforeSubmit ??= input.random.chance(habits.testProbability);
      if (testsBeforeSubmit && testedAfterChanges !== made) return call("Bash", { command: "npm test" });
      return call("Submit");
    },
  };
}
