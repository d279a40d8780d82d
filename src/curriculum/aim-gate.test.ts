import { describe, expect, it } from "vitest";
import { AimGate } from "./aim-gate.js";

describe("AimGate", () => {
  it("holds a task until every task it aims from finished, in whatever order they finish", async () => {
    const tasks = [{ id: "a" }, { id: "b" }, { id: "c", aimFrom: ["a", "b"] }];
    const gate = new AimGate(tasks);
    await gate.ready(tasks[0]!);
    let started = false;
    const waiting = gate.ready(tasks[2]!).then(() => {
      started = true;
    });
    gate.finished("b");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(started).toBe(false);
    gate.finished("a");
    await waiting;
    expect(started).toBe(true);
  });
});
