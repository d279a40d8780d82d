import type { Action } from "../../core/action.js";
import { editOpNameSchema, type EditOpName } from "./edit-op-name.js";

/** A call the env accepted: a tool without argument, or `edit` with its op. */
export type BugFixCall = { tool: "read" | "test" | "submit" } | { tool: "edit"; op: EditOpName };

/** The BugFix tool names. */
export const bugFixToolNames = ["read", "test", "edit", "submit"] as const;

const opNames: ReadonlySet<string> = new Set(editOpNameSchema.options);
const opList = editOpNameSchema.options.join(", ");

/**
 * Check a parsed call against the tools: the tool must exist, `edit` needs exactly an `op`
 * from the menu, the others take no argument. Returns the call, or the rejection message.
 */
export function resolveCall(action: Action): BugFixCall | { rejected: string } {
  const keys = Object.keys(action.args);
  switch (action.name) {
    case "read":
    case "test":
    case "submit":
      if (keys.length > 0) return { rejected: `error: ${action.name} takes no argument` };
      return { tool: action.name };
    case "edit": {
      const unknown = keys.find((key) => key !== "op");
      if (unknown !== undefined)
        return { rejected: `error: unknown argument "${unknown}" for edit; edit takes one op` };
      const op = action.args.op;
      if (op === undefined) return { rejected: `error: edit needs an op, one of ${opList}` };
      if (typeof op !== "string" || !opNames.has(op))
        return { rejected: `error: unknown op ${JSON.stringify(op)}; ops are ${opList}` };
      return { tool: "edit", op: op as EditOpName };
    }
    default:
      return {
        rejected: `error: unknown tool ${JSON.stringify(action.name)}; tools are ${bugFixToolNames.join(", ")}`,
      };
  }
}
