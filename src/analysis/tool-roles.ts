import type { ToolSpec } from "../core/tool-spec.js";

/**
 * What a tool is for, as far as generic detectors and templates care: `finishing` ends the
 * attempt, `verification` checks the work, `information` only shows something,
 * `backtracking` takes earlier moves back (undo, reset, revert), and `other` is every tool
 * that changes the state forward — the policy's moves.
 */
export type ToolRole = "finishing" | "verification" | "information" | "backtracking" | "other";

const namePatterns: ReadonlyArray<[ToolRole, RegExp]> = [
  ["finishing", /^(submit|finish|finalize|answer|done|final|complete|end|stop|commit|respond)$/],
  ["verification", /^(test|tests|check|verify|validate|evaluate|run|lint|assert|grade)$/],
  [
    "information",
    /^(read|look|observe|inspect|examine|view|show|list|get|search|open|cat|peek|describe|grep|glob|find|print|browse|query)$/,
  ],
  ["backtracking", /^(undo|reset|restart|revert|rollback|rewind|restore|backtrack)$/],
];

const descriptionPatterns: ReadonlyArray<[ToolRole, RegExp]> = [
  ["finishing", /\b(ends? the (episode|task|game)|submits?|final answer|finish(es)? the)\b/],
  ["verification", /\b(runs? the (public )?tests?|tests? the|checks?|verif(y|ies)|validates?)\b/],
  ["information", /\b(shows?|reads?|displays?|looks? at|returns? the (current|contents?)|lists?|prints?|inspects?)\b/],
  ["backtracking", /\b(undo(es)?|takes? back|go(es)? back|reverts?|restarts?|rolls? back)\b/],
];

/** The words of a tool name: `runTests` → `run tests`, `file_read` → `file read`. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/**
 * Classify a tool generically, by its name first (any word of it: `submit`, `run_tests`,
 * `look`) and by its description when the name says nothing: finishing tools (submit,
 * finish, answer, done), verification tools (test, check, verify, run), information
 * tools (read, look, observe, inspect, examine), backtracking tools (undo, reset, revert;
 * "takes back", "goes back"), and everything else (the tools that move the state forward).
 */
export function classifyTool(tool: Pick<ToolSpec, "name"> & Partial<Pick<ToolSpec, "description">>): ToolRole {
  const words = nameWords(tool.name);
  for (const [role, pattern] of namePatterns) if (words.some((word) => pattern.test(word))) return role;
  const description = (tool.description ?? "").toLowerCase();
  for (const [role, pattern] of descriptionPatterns) if (pattern.test(description)) return role;
  return "other";
}

/** The role of every tool of an env, by name; tools not declared are classified by name alone. */
export class ToolRoles {
  private readonly roles = new Map<string, ToolRole>();

  constructor(tools: readonly ToolSpec[] = []) {
    for (const tool of tools) this.roles.set(tool.name, classifyTool(tool));
  }

  /** The role of the tool called `name`. */
  roleOf(name: string): ToolRole {
    const known = this.roles.get(name);
    if (known) return known;
    const role = classifyTool({ name });
    this.roles.set(name, role);
    return role;
  }

  /** The declared tools with this role, in declaration order. */
  named(role: ToolRole): string[] {
    return [...this.roles.entries()].filter(([, value]) => value === role).map(([name]) => name);
  }
}
