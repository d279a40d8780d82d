import { parseCall } from "../../bridges/bugfix/index.js";
import type { ActionInput } from "../../core/action.js";

/** A call a persona made, as it wrote it: the tool and its argument. */
export interface PersonaCall {
  tool: string;
  arg: string | null;
}

/** The tool and argument of one of the persona's own calls (text in the BugFix grammar or a structured action); null for malformed text. */
export function callOf(action: ActionInput): PersonaCall | null {
  if (typeof action !== "string") {
    const op = action.args.op;
    return { tool: action.name, arg: typeof op === "string" ? op : null };
  }
  const parsed = parseCall(action);
  return parsed ? { tool: parsed.tool, arg: parsed.arg } : null;
}
