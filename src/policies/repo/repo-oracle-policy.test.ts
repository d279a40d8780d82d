import { describe, expect, it } from "vitest";
import type { Action } from "../../core/action.js";
import type { PolicyHistoryEntry, PolicyInput } from "../../core/policy.js";
import { createRng } from "../../core/seeding.js";
import { repoTaskCatalog, type RepoTask } from "../../bridges/repo/index.js";
import { changeCalls } from "./reference-plan.js";
import { repoPolicies } from "./repo-policies.js";

/** The oracle's calls on `task` up to its first test run, each answered with a plain (non-error) result. */
async function callsUntilTests(task: RepoTask): Promise<Action[]> {
  const policy = repoPolicies("repo").oracle!();
  await policy.start?.({ taskId: task.id, seed: 0, tools: [] });
  const random = createRng(0);
  const history: PolicyHistoryEntry[] = [];
  const calls: Action[] = [];
  for (let turn = 0; turn < 50; turn++) {
    const input: PolicyInput = {
      observation: { text: turn === 0 ? task.statement : "ok" },
      tools: [],
      history,
      turn,
      rng: random.next,
      random,
    };
    const action = (await policy.act(input)) as Action;
    if (action.name === "Bash" || action.name === "Submit") return calls;
    calls.push(action);
    history.push({ action, observation: { text: "ok" } });
  }
  throw new Error(`the oracle did not test or submit ${task.id} in 50 turns`);
}

describe("the repo oracle", () => {
  it("makes the change of the task it was started on, when other tasks show the same statement", async () => {
    const tasks = (await repoTaskCatalog("repo")).tasks();
    const shared = tasks
      .map((task) => tasks.filter((other) => other.statement === task.statement))
      .find((group) => group.length >= 3)!;
    expect(shared, "a statement three bundled tasks share").toBeDefined();
    for (const task of shared)
      expect(await callsUntilTests(task), task.id).toEqual(task.referenceChanges.flatMap(changeCalls));
  });

  it("submits on a task its catalog does not hold", async () => {
    const policy = repoPolicies("repo").oracle!();
    await policy.start?.({ taskId: "repo:no-such-task", seed: 0, tools: [] });
    const random = createRng(0);
    const action = await policy.act({
      observation: { text: "" },
      tools: [],
      history: [],
      turn: 0,
      rng: random.next,
      random,
    });
    expect(action).toEqual({ name: "Submit", args: {} });
  });
});
