import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { glkApiFactories } from "./glkapi-factory.js";

const path = createRequire(import.meta.url).resolve("glkote-term/src/glkapi.js");
const source = readFileSync(path, "utf8");

describe("glkApiFactories", () => {
  it("shares glkapi's Unicode tables between instances, each instance with its own state", () => {
    const factories = glkApiFactories<Record<string, unknown>>(source, path);
    expect(factories.sharedTables).not.toBe(factories.fresh);
    const [first, second] = [factories.sharedTables(), factories.sharedTables()];
    expect(first).not.toBe(second);
    expect(first.glk_buffer_to_upper_case_uni).not.toBe(second.glk_buffer_to_upper_case_uni);
    // The table-backed case changes answer as in a fresh evaluation (ß → SS, ÿ → Ÿ, α → Α).
    type CaseChange = (characters: number[], count: number) => number;
    const upper = (glk: unknown) => {
      const characters = [97, 223, 255, 0x3b1, 0, 0];
      const length = (glk as Record<string, CaseChange>).glk_buffer_to_upper_case_uni!(characters, 4);
      return characters.slice(0, length);
    };
    expect(upper(first)).toEqual([65, 83, 83, 376, 0x391]);
    expect(upper(second)).toEqual(upper(factories.fresh()));
  });

  it("falls back to the fresh evaluation for a source without the expected tables", () => {
    const factories = glkApiFactories<unknown>("Glk = { fake: true };", "fake.js");
    expect(factories.sharedTables).toBe(factories.fresh);
    expect(factories.fresh()).toEqual({ fake: true });
  });
});
