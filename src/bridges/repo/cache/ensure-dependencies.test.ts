import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../../../core/errors.js";
import { dependencyKey } from "./dependency-key.js";
import { ensureDependencies } from "./ensure-dependencies.js";

// The user's cache (ENVRIGGER_CACHE_DIR in CI): the first run installs from the registry, later runs only look.
describe("ensureDependencies", () => {
  it("installs exactly the listed versions once and hands every caller the same set", async () => {
    const set = { uvu: "0.3.2", esm: "3.2.25" };
    const [first, second] = await Promise.all([
      ensureDependencies(set),
      ensureDependencies({ esm: "3.2.25", uvu: "0.3.2" }),
    ]);
    expect(second.nodeModules).toBe(first.nodeModules);
    const version = (name: string) =>
      JSON.parse(readFileSync(path.join(first.nodeModules, name, "package.json"), "utf8")).version;
    expect(version("uvu")).toBe("0.3.2");
    expect(version("esm")).toBe("3.2.25");
    expect((await ensureDependencies(set)).installed).toBe(false);
  }, 180_000);

  it("keys a set by its exact versions, not their order", () => {
    expect(dependencyKey({ a: "1.0.0", b: "2.0.0" })).toBe(dependencyKey({ b: "2.0.0", a: "1.0.0" }));
    expect(dependencyKey({ a: "1.0.0" })).not.toBe(dependencyKey({ a: "1.0.1" }));
  });

  it("says which set npm could not install", async () => {
    // An invalid name: npm refuses it before asking the registry.
    const failure = await ensureDependencies({ "Not A Package": "1.0.0" }).catch((error) => error);
    expect(isEnvriggerError(failure, "DEPENDENCY_INSTALL")).toBe(true);
    expect(failure.message).toContain("Not A Package");
  }, 120_000);
});
