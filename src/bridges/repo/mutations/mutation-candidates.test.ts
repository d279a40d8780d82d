import { describe, expect, it } from "vitest";
import { mutationCandidates, parsesCleanly } from "./mutation-candidates.js";
import { sampleMutations } from "./sample-mutations.js";
import { applyMutation } from "./source-mutation.js";

const source = `import x from "dep";
export function f(a, b) {
  if (a === b) return true;
  for (let i = 0; i < a.length; i++) b = g(a, i) + "s";
  return !b && a > 2;
}
`;

describe("mutationCandidates", () => {
  const candidates = mutationCandidates("src/f.js", source);

  it("finds every kind, each a one-span change that still parses", () => {
    const kinds = new Set(candidates.map((candidate) => candidate.kind));
    expect([...kinds].sort()).toEqual([
      "drop-branch",
      "flip-operator",
      "off-by-one",
      "swap-arguments",
      "wrong-constant",
    ]);
    for (const candidate of candidates) {
      const mutated = applyMutation(source, candidate);
      expect(mutated).not.toBe(source);
      expect(parsesCleanly("src/f.js", mutated)).toBe(true);
    }
  });

  it("flips === and moves < by one, and never empties a module specifier", () => {
    const texts = candidates.map((candidate) => applyMutation(source, candidate));
    expect(texts).toContain(source.replace("a === b", "a !== b"));
    expect(texts).toContain(source.replace("i < a.length", "i <= a.length"));
    expect(texts).toContain(source.replace("g(a, i)", "g(i, a)"));
    expect(texts).toContain(source.replace("  if (a === b) return true;\n", "  \n"));
    expect(texts.some((text) => text.includes('from ""'))).toBe(false);
  });

  it("samples across kinds, the same for the same seed", () => {
    const sample = sampleMutations(candidates, 7, 5);
    expect(new Set(sample.map((mutation) => mutation.kind)).size).toBe(5);
    expect(sampleMutations(candidates, 7, 5)).toEqual(sample);
  });

  it("tells a syntax error", () => {
    expect(parsesCleanly("a.js", "function (")).toBe(false);
  });
});
