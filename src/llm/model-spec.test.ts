import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../core/errors.js";
import { formatModelSpec, parseModelSpec } from "./model-spec.js";

describe("parseModelSpec", () => {
  it("parses openai and gemini specs, keeping colons inside the model name", () => {
    expect(parseModelSpec("openai:gpt-4o-mini")).toEqual({ provider: "openai", model: "gpt-4o-mini" });
    expect(parseModelSpec("gemini:gemini-2.5-flash")).toEqual({ provider: "gemini", model: "gemini-2.5-flash" });
    expect(parseModelSpec("openai:qwen2.5:7b")).toEqual({ provider: "openai", model: "qwen2.5:7b" });
    expect(parseModelSpec(" OpenAI : m ")).toEqual({ provider: "openai", model: "m" });
    expect(formatModelSpec(parseModelSpec("gemini:x"))).toBe("gemini:x");
  });

  it.each(["gpt-4o", "anthropic:claude", "openai:", ":model", ""])(
    "rejects %j with BAD_ARGUMENT listing the forms",
    (spec) => {
      let caught: unknown;
      try {
        parseModelSpec(spec);
      } catch (error) {
        caught = error;
      }
      expect(isEnvriggerError(caught, "BAD_ARGUMENT")).toBe(true);
      expect((caught as Error).message).toContain("openai:<model>");
      expect((caught as Error).message).toContain("gemini:<model>");
    },
  );
});
