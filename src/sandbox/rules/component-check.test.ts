import { describe, expect, it } from "vitest";
import { checkComponent } from "./component-check.js";
import { formatComponentIssues } from "./component-issue.js";

describe("checkComponent", () => {
  it("passes a component that checks and loads", async () => {
    expect(
      await checkComponent(
        "export default defineRules({ filterObservation: (observation) => ({ text: observation.text.trim() }) });",
      ),
    ).toEqual({
      ok: true,
      issues: [],
    });
  });

  it("returns every static issue, formatted for designers", async () => {
    const verdict = await checkComponent(
      `let count = 0;\nexport default defineRules({\n  filterAction(action) {\n    return process.exit(1);\n  },\n});`,
    );
    expect(verdict.ok).toBe(false);
    expect(formatComponentIssues(verdict.issues).split("\n")).toEqual([
      expect.stringMatching(/^- \[forbidden-construct\] line 1: module-level `let`\/`var`/),
      expect.stringMatching(/^- \[forbidden-construct\] line 4: `process`/),
      expect.stringMatching(/^- \[type-error\] line 4: Cannot find name 'process'/),
    ]);
  });

  it("reports problems found only when loading", async () => {
    // Type-correct (no unchecked index access), but the module throws when it is evaluated.
    const verdict = await checkComponent(
      "const first = ([] as number[][])[0][0];\nexport default defineRules({ filterAction: () => (first > 0 ? undefined : undefined) });",
    );
    expect(verdict).toEqual({
      ok: false,
      issues: [
        {
          code: "threw",
          message: expect.stringContaining(
            "loading the component threw TypeError: Cannot read properties of undefined",
          ),
        },
      ],
    });
  });
});
