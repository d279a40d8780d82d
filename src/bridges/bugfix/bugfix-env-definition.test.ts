import { afterAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../core/json.js";
import { bugfixEnv, createBugFixEnvDefinition } from "./bugfix-env-definition.js";

const definition = createBugFixEnvDefinition();
afterAll(() => definition.dispose());

describe("bugfix env definition", () => {
  it("lists 20 train and 10 held-out tasks with family groups", async () => {
    expect(definition.id).toBe("bugfix");
    expect(bugfixEnv.id).toBe("bugfix");
    const train = await definition.listTasks("train");
    expect(train).toHaveLength(20);
    expect(train[0]).toEqual({
      id: "clamp-0",
      split: "train",
      group: "clamp",
      instruction: "`clamp` returns wrong results",
    });
    expect(await definition.listTasks("heldout")).toHaveLength(10);
  });

  const badOptions: JsonObject[] = [
    { maxTurns: 0 },
    { reward: "bogus" },
    { flakeRate: 2 },
    { taskSeed: -1 },
    { maxturns: 5 },
    { observationBudget: "big" },
  ];
  it.each(badOptions)("rejects bad options %j with BAD_CONFIG", async (options) => {
    await expect(definition.create(options)).rejects.toMatchObject({ code: "BAD_CONFIG" });
  });

  it("names the offending option in the message", async () => {
    await expect(definition.create({ maxTurns: 0 })).rejects.toThrow(/maxTurns/);
    await expect(definition.create({ maxturns: 5 })).rejects.toThrow(/maxturns/);
  });

  it("creates independent envs that share generated tasks", async () => {
    const first = await definition.create({ maxTurns: 3 });
    const second = await definition.create({ maxTurns: 3 });
    await first.reset({ taskId: "divide-1", seed: 0 });
    await second.reset({ taskId: "divide-1", seed: 0 });
    await first.step("<call> edit guard_zero </call>");
    expect((await second.stateView()).source).not.toBe((await first.stateView()).source);
    expect((await first.step("<call> test </call>")).observation.text).toBe("pass\npass\npass");
    expect((await second.step("<call> test </call>")).observation.text).toMatch(/-> error want 0/);
    await first.close();
    // Closing one env leaves the shared runner usable by the other.
    expect((await second.step("<call> submit </call>")).info.stop).toBe("submit");
    await second.close();
  });
});
