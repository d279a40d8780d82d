import type { Action } from "../../core/action.js";
import type { Policy, PolicyHistoryEntry, PolicyInput } from "../../core/policy.js";
import { planFixEdit } from "./plan-fix-edit.js";
import { stripLineNumbers } from "./strip-line-numbers.js";

/** The test command the oracle runs through Bash. */
const testCommand = "npm test";

const call = (name: string, args: Action["args"] = {}): Action => ({ name, args });

/** The tool of a past turn (this policy only sends structured calls). */
function toolOf(entry: PolicyHistoryEntry): string | null {
  return typeof entry.action === "string" ? null : entry.action.name;
}

/** The JavaScript file to fix, from a Glob listing: the first one under `src/`, else the first one. */
function pickFile(listing: string): string | null {
  const paths = listing.split("\n").filter((line) => line.endsWith(".js"));
  return paths.find((path) => path.startsWith("src/")) ?? paths[0] ?? null;
}

/**
 * The scripted oracle of `bugfix-tools`: Glob for the JavaScript file, Read it, plan the
 * Edit from the text it read ({@link planFixEdit}: the fix named by the keyword rule,
 * turned into exact old/new strings), Edit, run the tests through Bash (`npm test`),
 * Submit. It decides only from its own observations (never the task id or hidden data).
 */
export function createOracleToolsPolicy(): Policy {
  return {
    name: "oracle-tools",
    act(input: PolicyInput): Action {
      const history = input.history;
      const find = (tool: string) => history.find((entry) => toolOf(entry) === tool);
      const globbed = find("Glob");
      if (!globbed) return call("Glob", { pattern: "**/*.js" });
      const file = pickFile(globbed.observation.text);
      if (file === null) return call("Submit");
      const read = find("Read");
      if (!read) return call("Read", { file_path: file });
      if (!find("Edit")) {
        const source = stripLineNumbers(read.observation.text);
        const plan = source === null ? null : planFixEdit(source);
        if (plan) return call("Edit", { file_path: file, old_string: plan.oldString, new_string: plan.newString });
      }
      if (!find("Bash")) return call("Bash", { command: testCommand });
      return call("Submit");
    },
  };
}
