import { describe, expect, it } from "vitest";
import { prepareComponent } from "./prepared-component.js";
import { checkComponentSource } from "./static-check/static-check.js";
import { transpileComponent } from "./transpile-component.js";

const blockSubmit = (message: string) => `
export default defineRules({
  filterAction(action, context) {
    if (action.name === "submit" && context.turn < 2) return { block: ${JSON.stringify(message)} };
    return undefined;
  },
});
`;

describe("prepareComponent", () => {
  it("gives what the static check and the transpile give, and the same frozen object for the same source", () => {
    const source = blockSubmit("not yet");
    const prepared = prepareComponent(source);
    const check = checkComponentSource(source);
    const transpiled = transpileComponent(source);
    if (!prepared.ok || !transpiled.ok) throw new Error("the component should prepare");
    expect(prepared.check).toEqual(check);
    expect(prepared.script).toBe(transpiled.script);
    expect(prepareComponent(source)).toBe(prepared);
    expect(Object.isFrozen(prepared.check.hooks)).toBe(true);
    // Another source is its own entry.
    const other = prepareComponent(blockSubmit("later"));
    expect(other).not.toBe(prepared);
    expect(other.ok && other.script.includes("later")).toBe(true);
  });

  it("caches a refused source with the static check's issues", () => {
    const source =
      "export default defineRules({ filterAction(action) { return Math.random() > 0.5 ? undefined : undefined; } });";
    const refused = prepareComponent(source);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.issues).toEqual(checkComponentSource(source).issues);
    expect(refused.issues.some((issue) => issue.code === "forbidden-construct")).toBe(true);
    expect(prepareComponent(source)).toBe(refused);
  });
});
