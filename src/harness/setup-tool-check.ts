import { formatAction, type ActionInput } from "../core/action.js";
import type { ActionableEnv } from "../core/actionable-env.js";
import type { ToolSpec } from "../core/tool-spec.js";
import type { HarnessIssue } from "./harness-issue.js";

/** An issue about the Setup action at `index` (its `line` is the 1-based position in the list). */
export function setupIssueAt(code: string, index: number, action: ActionInput, reason: string): HarnessIssue {
  return { code, line: index + 1, message: `Setup step ${index} (${formatAction(action)}): ${reason}` };
}

/**
 * The part of a Setup's check that runs nothing: each action must be an action of the env
 * (text must parse with its grammar) and name one of its tools (`malformed`,
 * `unknown-tool`). For actions given as objects this is a pure function of the actions and
 * the env's tool names, so the issues found for one list of names are kept and given again
 * while the env lists the same names in the same order (compared name by name: no set is
 * built and no action is looked at again); a Setup resets its env at every episode with
 * the same tools. Text actions depend on the env's grammar and are parsed every time.
 */
export class SetupToolCheck {
  readonly #actions: readonly ActionInput[];
  readonly #hasText: boolean;
  /** The tool names the kept issues were found for (undefined: none kept yet). */
  #names: string[] | undefined;
  #issues: readonly HarnessIssue[] = [];

  constructor(actions: readonly ActionInput[]) {
    this.#actions = actions;
    this.#hasText = actions.some((action) => typeof action === "string");
  }

  /** The issues of the actions on `env`, whose tools are `tools` (a fresh array each call). */
  issues(env: ActionableEnv, tools: readonly ToolSpec[]): HarnessIssue[] {
    if (!this.#hasText && this.#names !== undefined && sameNames(this.#names, tools))
      return this.#issues.map((issue) => ({ ...issue }));
    const names = tools.map((tool) => tool.name);
    const known = new Set(names);
    const issues: HarnessIssue[] = [];
    this.#actions.forEach((action, index) => {
      const parsed = typeof action === "string" ? env.parseText(action) : action;
      if (!parsed)
        issues.push(setupIssueAt("malformed", index, action, "the text does not parse as an action of this env"));
      else if (!known.has(parsed.name)) {
        issues.push(
          setupIssueAt(
            "unknown-tool",
            index,
            action,
            `tool "${parsed.name}" is not one of the env's tools (${[...known].join(", ")})`,
          ),
        );
      }
    });
    if (!this.#hasText) {
      this.#names = names;
      this.#issues = issues.map((issue) => ({ ...issue }));
    }
    return issues;
  }
}

/** True when `tools` are named exactly `names`, in that order. */
function sameNames(names: readonly string[], tools: readonly ToolSpec[]): boolean {
  if (names.length !== tools.length) return false;
  for (let index = 0; index < names.length; index++) if (tools[index]!.name !== names[index]) return false;
  return true;
}
