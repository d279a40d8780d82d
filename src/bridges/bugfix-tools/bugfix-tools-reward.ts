import type { BugFixInfo } from "../bugfix/bugfix-info.js";
import { resolveBugFixReward } from "../bugfix/bugfix-reward.js";
import type { BugFixToolsInfo } from "./bugfix-tools-info.js";

/** A reward as a function of the final `bugfix-tools` info record. */
export type BugFixToolsRewardFunction = (info: BugFixToolsInfo) => number;

/** A named BugFix reward (`hidden`, `public`) or a custom function of the final info record. */
export type BugFixToolsRewardOption = "hidden" | "public" | BugFixToolsRewardFunction;

/**
 * Resolve the reward through BugFix's one reward function (same named rewards, same
 * finite-number check). The tools info record is BugFix's record plus `toolsUsed`, so a
 * named reward reads it unchanged and a custom function receives the whole record.
 */
export function resolveBugFixToolsReward(option: BugFixToolsRewardOption): BugFixToolsRewardFunction {
  const resolved = resolveBugFixReward(
    typeof option === "function" ? (info: BugFixInfo) => option(info as BugFixToolsInfo) : option,
  );
  return (info) => resolved(info);
}
