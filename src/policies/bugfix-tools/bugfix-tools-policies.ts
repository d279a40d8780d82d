import type { PolicyFactory } from "../../core/policy.js";
import { createOracleToolsPolicy } from "./oracle-tools-policy.js";

/** The scripted `bugfix-tools` policies by name: `oracle-tools`. */
export const bugfixToolsPolicies: Record<string, PolicyFactory> = {
  "oracle-tools": createOracleToolsPolicy,
};
