import { describe, expect, it } from "vitest";
import { harnessStackSpecSchema } from "./harness-stack-spec.js";

const base = { env: "bugfix", taskId: "off-by-one-3" };

describe("harnessStackSpecSchema", () => {
  it("accepts nested chains, layers innermost first", () => {
    const spec = {
      version: 1,
      base,
      layers: [
        { kind: "setup", actions: [{ name: "open", args: { path: "a.ts" } }, "look"] },
        { kind: "rules", source: "export function filterAction() {}", name: "r1" },
        {
          kind: "chain",
          mode: "alternate",
          other: {
            version: 1,
            base: { env: "toy24", taskId: "p1" },
            layers: [{ kind: "chain", mode: "serial", other: { version: 1, base, layers: [] } }],
          },
        },
      ],
    };
    expect(harnessStackSpecSchema.parse(spec)).toEqual(spec);
  });

  it("rejects unknown keys, kinds, modes and versions", () => {
    const reject = (value: unknown) => expect(harnessStackSpecSchema.safeParse(value).success).toBe(false);
    reject({ version: 2, base, layers: [] });
    reject({ version: 1, base: { ...base, seed: 1 }, layers: [] });
    reject({ version: 1, base, layers: [{ kind: "stage", actions: [] }] });
    reject({ version: 1, base, layers: [{ kind: "rules", source: "" }] });
    reject({ version: 1, base, layers: [{ kind: "chain", mode: "branch", other: { version: 1, base, layers: [] } }] });
    reject({
      version: 1,
      base,
      layers: [{ kind: "chain", mode: "serial", other: { version: 1, base, layers: [{ kind: "setup" }] } }],
    });
  });
});
