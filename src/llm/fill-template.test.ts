import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../core/errors.js";
import { fillTemplate, templatePlaceholders } from "./fill-template.js";

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return isEnvriggerError(error) ? error.code : "not-envrigger";
  }
  return undefined;
}

describe("fillTemplate", () => {
  it("fills every placeholder in one pass, inserting values verbatim", () => {
    const filled = fillTemplate("Task {{taskId}} of {{ envId }}; again {{taskId}}.", {
      taskId: "t{{envId}}",
      envId: "bugfix",
    });
    expect(filled).toBe("Task t{{envId}} of bugfix; again t{{envId}}.");
    expect(templatePlaceholders("{{a}} {{b}} {{a}}")).toEqual(["a", "b"]);
  });

  it("fails with BAD_CONFIG on a placeholder without a value", () => {
    expect(codeOf(() => fillTemplate("{{taskId}} {{typo}}", { taskId: "t" }))).toBe("BAD_CONFIG");
    expect(() => fillTemplate("{{typo}}", {}, "write.md")).toThrow(/write\.md: unknown placeholder\(s\) \{\{typo\}\}/);
  });

  it("fails with BAD_CONFIG on a value whose placeholder the template lacks", () => {
    expect(codeOf(() => fillTemplate("{{taskId}}", { taskId: "t", attempts: "a" }))).toBe("BAD_CONFIG");
    expect(() => fillTemplate("no placeholders", { attempts: "a" })).toThrow(
      /missing placeholder\(s\) \{\{attempts\}\}/,
    );
  });
});
