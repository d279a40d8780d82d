import { showsFailure } from "../analysis/shows-failure.js";
import type { ToolRole, ToolRoles } from "../analysis/tool-roles.js";
import { firstFinishIndex, isVerification, type TrajectoryCall } from "../analysis/trajectory-calls.js";
import type { TrajectoryHabit } from "./trajectory-habit.js";

/** The env's tools of a role, for wording: `test`, `test/check`, or a generic noun. */
function toolsOf(roles: ToolRoles, role: ToolRole, fallback: string): string {
  const names = roles.named(role);
  return names.length > 0 ? names.join("/") : fallback;
}

/** A call that reached the env and was accepted. */
function ran(call: TrajectoryCall): boolean {
  return !call.blocked && !call.refused;
}

const verifiesBeforeFinishing: TrajectoryHabit = {
  id: "verifies-before-finishing",
  applies: (roles) => roles.named("verification").length > 0 && roles.named("finishing").length > 0,
  shows(calls) {
    const finish = firstFinishIndex(calls);
    return finish < 0 ? null : calls.slice(0, finish).some(isVerification);
  },
  phrase: (roles) =>
    `ran the verification tool (${toolsOf(roles, "verification", "verify")}) before finishing (${toolsOf(roles, "finishing", "finish")})`,
  whenHelps: (roles) => ({
    title: "Verify before finishing",
    description: `Before you finish with ${toolsOf(roles, "finishing", "the finishing tool")}, whenever a verification tool (${toolsOf(roles, "verification", "verify")}) is available.`,
    content: `Run ${toolsOf(roles, "verification", "the verification tool")} after your last change and read its result before calling ${toolsOf(roles, "finishing", "the finishing tool")}; attempts that finished unverified failed more often.`,
  }),
  whenHurts: (roles) => ({
    title: "Do not spend the budget on verification before finishing",
    description: `When turns are scarce and a verification tool (${toolsOf(roles, "verification", "verify")}) is available.`,
    content: `Episodes that ran ${toolsOf(roles, "verification", "the verification tool")} before ${toolsOf(roles, "finishing", "finishing")} failed more often; keep turns for the changes themselves.`,
  }),
};

const readsBeforeChanging: TrajectoryHabit = {
  id: "reads-before-changing",
  applies: (roles) => roles.named("information").length > 0,
  shows(calls) {
    const change = calls.findIndex((call) => call.role === "other");
    return change < 0 ? null : calls.slice(0, change).some((call) => call.role === "information" && ran(call));
  },
  phrase: (roles) =>
    `looked with an information tool (${toolsOf(roles, "information", "read")}) before the first change`,
  whenHelps: (roles) => ({
    title: "Look before you change anything",
    description: "At the start of a task, before the first call that changes the state.",
    content: `Call ${toolsOf(roles, "information", "an information tool")} first and base the first change on what it shows; changes made blind failed more often.`,
  }),
  whenHurts: (roles) => ({
    title: "Do not linger on inspection",
    description: "At the start of a task, when the task text already says what to do.",
    content: `Episodes that opened with ${toolsOf(roles, "information", "an information tool")} failed more often; act on the task text sooner.`,
  }),
};

const repeatsACall: TrajectoryHabit = {
  id: "repeats-a-call",
  applies: () => true,
  shows(calls) {
    if (calls.length < 2) return null;
    return calls.some((call, index) => index > 0 && call.key === (calls[index - 1] as TrajectoryCall).key);
  },
  phrase: () => "made the same call twice in a row",
  whenHelps: () => ({
    title: "Repeat a call when its answer may change",
    description: "When an earlier call's answer may have been stale or cut short.",
    content: "Episodes that repeated a call right away succeeded more often; calling again can show what changed.",
  }),
  whenHurts: () => ({
    title: "Never repeat the call you just made",
    description: "When the previous call did not get you closer to the goal.",
    content:
      "Making the same call twice in a row marks failed attempts: the same call gives the same answer, so change the approach instead.",
  }),
};

/** The index of the first verification that ran and whose output showed a failure, or -1. */
function firstFailedVerification(calls: readonly TrajectoryCall[]): number {
  return calls.findIndex((call) => isVerification(call) && showsFailure(call.observation));
}

const changesAfterFailedVerification: TrajectoryHabit = {
  id: "changes-after-failed-verification",
  applies: (roles) => roles.named("verification").length > 0,
  shows(calls) {
    const failed = firstFailedVerification(calls);
    if (failed < 0) return null;
    const next = calls[failed + 1];
    return next !== undefined && (next.role === "other" || next.role === "backtracking");
  },
  phrase: (roles) =>
    `made another change right after the verification tool (${toolsOf(roles, "verification", "verify")}) reported a failure`,
  whenHelps: (roles) => ({
    title: "A failed verification means change something",
    description: `When ${toolsOf(roles, "verification", "the verification tool")} reports a failure.`,
    content: `Do not finish after a failing ${toolsOf(roles, "verification", "verification")}: make a different change (or take the last one back) and verify again.`,
  }),
  whenHurts: (roles) => ({
    title: "Think before changing after a failed verification",
    description: `When ${toolsOf(roles, "verification", "the verification tool")} reports a failure.`,
    content: "Episodes that changed something at once after a failing check failed more often; read the failure first.",
  }),
};

/** Every habit the offline miner counts. */
export const trajectoryHabits: readonly TrajectoryHabit[] = [
  verifiesBeforeFinishing,
  readsBeforeChanging,
  repeatsACall,
  changesAfterFailedVerification,
];
