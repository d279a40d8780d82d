import { afterAll, describe, expect, it } from "vitest";
import type { Action } from "../../src/core/action.js";
import type { JsonObject } from "../../src/core/json.js";
import type { HookContextInput, HookResult, RulesRuntime } from "../../src/harness/rules-runtime.js";
import type { ComponentIssueCode } from "../../src/sandbox/rules/component-issue.js";
import { loadRulesComponent } from "../../src/sandbox/rules/component-loader.js";
import { createRulesGroupSandbox } from "../../src/sandbox/rules/create-rules-group-sandbox.js";
import type { RulesSandboxOptions } from "../../src/sandbox/rules/rules-sandbox-options.js";
import { transpileComponent } from "../../src/sandbox/rules/transpile-component.js";

/*
 * Hostile Rules components (test/hostile-components/). Each case is either refused by the
 * static check with the expected issue code, or contained at run time with the expected
 * failure code; most statically refused cases are also run with the static check bypassed,
 * to show that the run-time defences hold on their own. The host process must be unharmed at
 * the end of every file ({@link describeHostUnharmed}).
 */

/** The runtimes a file loaded, disposed of when it ends. */
const runtimes: RulesRuntime[] = [];
afterAll(() => {
  for (const runtime of runtimes) runtime.dispose();
});

export const hostState: JsonObject = { files: ["main.py"], done: false };
export const context = (overrides: Partial<HookContextInput> = {}): HookContextInput => ({
  state: hostState,
  memory: {},
  turn: 0,
  seed: 1,
  ...overrides,
});
export const submit: Action = { name: "submit", args: {} };

/** A component with one filterObservation hook whose body is `body`. */
export const observationHook = (body: string, prelude = "") =>
  `${prelude}\nexport default defineRules({\n  filterObservation(observation, context) {\n${body}\n  },\n});\n`;

/** Expect the full pipeline to refuse `source` with an issue of `code` whose message contains `fragment`. */
export async function expectRefused(source: string, code: ComponentIssueCode, fragment: string): Promise<void> {
  const result = await loadRulesComponent(source);
  if (result.ok) {
    result.runtime.dispose();
    throw new Error(`expected the component to be refused with ${code}`);
  }
  expect(result.issues).toContainEqual(expect.objectContaining({ code, message: expect.stringContaining(fragment) }));
}

/** Load through the full pipeline (static check included); the component must pass it. */
export async function loaded(
  source: string,
  options: RulesSandboxOptions = { timeoutMs: 100, wallTimeoutMs: 500 },
): Promise<RulesRuntime> {
  const result = await loadRulesComponent(source, options);
  if (!result.ok) throw new Error(`expected the component to load: ${JSON.stringify(result.issues)}`);
  runtimes.push(result.runtime);
  return result.runtime;
}

/** Load alone (a group of one) with the static check bypassed: only the run-time defences stand. */
export function bypassed(
  source: string,
  options: RulesSandboxOptions = { timeoutMs: 100, wallTimeoutMs: 500 },
): RulesRuntime {
  const transpiled = transpileComponent(source);
  if (!transpiled.ok) throw new Error(`transpile failed: ${JSON.stringify(transpiled.issues)}`);
  const sandbox = createRulesGroupSandbox([{ script: transpiled.script }], options);
  if (!sandbox.ok) throw new Error(`expected the sandbox to load: ${JSON.stringify(sandbox.issues)}`);
  const runtime = sandbox.group.members[0]!;
  runtimes.push(runtime);
  return runtime;
}

/** Expect a failed hook call with `code` whose message contains `fragment`. */
export function expectFailure(result: HookResult<unknown>, code: string, fragment: string, fatal = false): void {
  expect(result).toEqual({ ok: false, code, message: expect.stringContaining(fragment), fatal });
}

/** The text of a successful filterObservation call. */
export function textOf(result: HookResult<{ text: string }>): string {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result.value.text;
}

/** The last test of every file: the host process is unharmed, and a fresh component works. */
export function describeHostUnharmed(): void {
  describe("after every hostile component", () => {
    it("the host process is unharmed and fresh components work", async () => {
      expect(({} as JsonObject).polluted).toBeUndefined();
      expect(typeof Array.prototype.push).toBe("function");
      expect(typeof Math.random()).toBe("number");
      expect(typeof Date.now()).toBe("number");
      expect(typeof process.pid).toBe("number");
      const runtime = await loaded(observationHook(`    return { text: observation.text.toUpperCase() };`));
      expect(textOf(await runtime.filterObservation({ text: "still fine" }, context()))).toBe("STILL FINE");
    });
  });
}
