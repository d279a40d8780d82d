import { formatCall } from "../../bridges/bugfix/index.js";
import type { Policy, PolicyInput } from "../../core/policy.js";
import { inferFixOp } from "./infer-fix-op.js";

/** The tool named by a text call of this policy (its own history holds only such texts). */
function toolOf(action: unknown): string | undefined {
  return typeof action === "string" ? /<call>\s*(\S+)/.exec(action)?.[1] : undefined;
}

/**
 * The oracle baseline: read, choose the op with {@link inferFixOp} from the read
 * projection, edit, test, submit. It decides only from its own history of observations.
 */
export function createOraclePolicy(): Policy {
  return {
    name: "oracle",
    act(input: PolicyInput) {
      const done = input.history.map((entry) => toolOf(entry.action));
      const readIndex = done.indexOf("read");
      if (readIndex < 0) return formatCall("read");
      if (!done.includes("edit")) return formatCall("edit", inferFixOp(input.history[readIndex]!.observation.text));
      if (!done.includes("test")) return formatCall("test");
      return formatCall("submit");
    },
  };
}
