import { describe, expect, it } from "vitest";
import {
  describeHostUnharmed,
  context,
  observationHook,
  loaded,
  expectFailure,
  textOf,
} from "../helpers/hostile-components.js";

describe("hostile components: resource abuse", () => {
  it("an infinite loop times out and the component stays usable", async () => {
    const runtime = await loaded(
      observationHook(`    if (observation.text === "loop") { while (true) {} }\n    return { text: "fine" };`),
    );
    expectFailure(
      await runtime.filterObservation({ text: "loop" }, context()),
      "timeout",
      "wall-clock limit of 500 ms",
    );
    expect(textOf(await runtime.filterObservation({ text: "next" }, context()))).toBe("fine");
  });

  it("deep recursion is a thrown error, not a crash", async () => {
    const runtime = await loaded(
      observationHook(
        `    return { text: String(depth(0)) };`,
        "function depth(level: number): number { return depth(level + 1) + 1; }",
      ),
    );
    expectFailure(
      await runtime.filterObservation({ text: "x" }, context()),
      "threw",
      "Maximum call stack size exceeded",
    );
  });

  it("a memory bomb kills only its own isolate, and the runtime stays dead", async () => {
    const runtime = await loaded(
      observationHook(
        `    const blocks: number[][] = [];\n    while (true) blocks.push(new Array(100_000).fill(blocks.length));`,
      ),
      { timeoutMs: 10_000 },
    );
    expectFailure(await runtime.filterObservation({ text: "x" }, context()), "memory", "ran out of memory", true);
    expectFailure(await runtime.filterObservation({ text: "y" }, context()), "memory", "ran out of memory", true);
    runtime.dispose();
    runtime.dispose();
    expectFailure(await runtime.filterObservation({ text: "z" }, context()), "memory", "ran out of memory", true);
  });

  it("a huge return value is refused inside the sandbox", async () => {
    const runtime = await loaded(
      observationHook(
        `    if (observation.text === "text") return { text: "x".repeat(300_000) };\n    const chunk = "y".repeat(600_000);\n    return { text: "ok", data: { first: chunk, second: chunk } };`,
      ),
    );
    expectFailure(
      await runtime.filterObservation({ text: "text" }, context()),
      "bad-output",
      "at most 262144 characters",
    );
    expectFailure(await runtime.filterObservation({ text: "data" }, context()), "bad-output", "too large");
  });

  it("huge memory is refused with memory-too-large", async () => {
    const runtime = await loaded(
      observationHook(`    context.memory.log = "x".repeat(70_000);\n    return undefined;`),
    );
    expectFailure(
      await runtime.filterObservation({ text: "x" }, context()),
      "memory-too-large",
      "context.memory is too large",
    );
  });

  it("builtins that would stall or abort the host refuse huge sizes", async () => {
    const runtime = await loaded(
      observationHook(`    if (observation.text === "fill") return { text: String(new Array(100_000_000).fill(0).length) };
    let rope = "ab";
    for (let doubling = 0; doubling < 27; doubling++) rope += rope;
    return { text: String(rope.split("").length) };`),
    );
    expectFailure(
      await runtime.filterObservation({ text: "fill" }, context()),
      "threw",
      "fill: too large for the sandbox",
    );
    expectFailure(
      await runtime.filterObservation({ text: "split" }, context()),
      "threw",
      "split: too large for the sandbox",
    );
  });

  it("a result getter that never returns times out", async () => {
    const runtime = await loaded(observationHook(`    return { get text(): string { while (true) {} } };`));
    expectFailure(await runtime.filterObservation({ text: "x" }, context()), "timeout", "longer than");
  });
});

describeHostUnharmed();
