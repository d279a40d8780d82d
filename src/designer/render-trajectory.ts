import { formatAction, type ActionInput } from "../core/action.js";
import { jsonEqual, type Json } from "../core/json.js";
import type { Observation } from "../core/observation.js";
import type { Trajectory, TrajectoryStep } from "../core/trajectory.js";
import { truncateMiddle } from "../llm/truncate-middle.js";

/** Options of {@link renderTrajectory}. */
export interface RenderTrajectoryOptions {
  /** Heading of the rendering (default `Rollout`). */
  title?: string;
  /** Characters one observation (or text action) may take; head and tail are kept. Default 1500. */
  observationChars?: number;
  /** Characters the whole rendering may take; middle turns are dropped with a marker. Default 20 000. */
  maxChars?: number;
}

function renderActionInput(action: ActionInput, budget: number): string {
  if (typeof action === "string") return `text ${JSON.stringify(truncateMiddle(action, budget))}`;
  return `${action.name}(${JSON.stringify(action.args)})`;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    | ${line}`)
    .join("\n");
}

function renderObservation(observation: Observation, budget: number): string {
  const data = observation.data === undefined ? "" : `\n[data] ${JSON.stringify(observation.data)}`;
  return indent(truncateMiddle(`${observation.text}${data}`, budget));
}

function renderStep(step: TrajectoryStep, budget: number): string {
  const lines = [`turn ${step.turn}: ${renderActionInput(step.policyAction, budget * 2)}`];
  if (typeof step.policyAction === "string") {
    lines.push(
      step.parsedAction
        ? `  parsed as ${formatAction(step.parsedAction)}`
        : "  malformed: the env's grammar could not parse it",
    );
  }
  if (step.envAction === null) {
    const blocker = step.layers.find((layer) => layer.actionOut === null);
    const reason = blocker?.blockedReason ? `: ${blocker.blockedReason}` : "";
    lines.push(`  BLOCKED by the harness${blocker ? ` (${blocker.layer})` : ""}${reason}`);
  } else {
    const sent = step.parsedAction ?? step.policyAction;
    if (
      !jsonEqual(step.envAction as Json, sent as Json) &&
      !jsonEqual(step.envAction as Json, step.policyAction as Json)
    ) {
      lines.push(`  rewritten by the harness to ${renderActionInput(step.envAction, budget)}`);
    }
  }
  const actionError = step.info.actionError;
  if (actionError !== undefined && actionError !== null) {
    lines.push(
      `  REFUSED by the env: ${truncateMiddle(typeof actionError === "string" ? actionError : JSON.stringify(actionError), 400)}`,
    );
  }
  lines.push("  observation (what the policy saw):", renderObservation(step.observation, budget));
  if (step.envObservation && !jsonEqual(step.envObservation as unknown as Json, step.observation as unknown as Json)) {
    lines.push(
      "  raw observation (what the base env answered, before the harness changed it):",
      renderObservation(step.envObservation, budget),
    );
  }
  if (step.truncated && !step.terminated) lines.push("  (episode cut here)");
  return lines.join("\n");
}

/** Keep the first and last step blocks that fit `budget`, with a marker for the dropped middle. */
function fitSteps(blocks: string[], steps: TrajectoryStep[], budget: number): string[] {
  const total = blocks.reduce((sum, block) => sum + block.length + 1, 0);
  if (total <= budget) return blocks;
  const half = budget / 2;
  let head = 0;
  let used = 0;
  while (head < blocks.length && used + (blocks[head] as string).length + 1 <= half)
    used += (blocks[head++] as string).length + 1;
  let tail = blocks.length;
  used = 0;
  while (tail > head && used + (blocks[tail - 1] as string).length + 1 <= half)
    used += (blocks[--tail] as string).length + 1;
  const first = steps[head]?.turn ?? head;
  const last = steps[tail - 1]?.turn ?? tail - 1;
  const marker = `[… turns ${first}–${last} (${tail - head} turns) omitted to fit the prompt budget …]`;
  return [...blocks.slice(0, head), marker, ...blocks.slice(tail)];
}

/**
 * Render a trajectory for a designer prompt: a header (task, seed, policy, stack, stop
 * reason, verdict success yes/no), the initial observation, then per turn the policy's
 * action with its arguments (`name({…json args…})`; text actions verbatim, with what the
 * env's grammar parsed), BLOCKED / REFUSED / rewritten marks, the observation the policy
 * saw, and the base env's raw observation when the harness changed it. Observations are
 * cut head + tail with a visible marker; over `maxChars`, middle turns are dropped with a
 * marker.
 *
 * Never rendered: `info` fields other than `actionError` (they may hold verifier fields),
 * and anything of `evaluation` except `success` (its score and metrics are verifier
 * internals such as hidden-test results).
 */
export function renderTrajectory(trajectory: Trajectory, options: RenderTrajectoryOptions = {}): string {
  const observationChars = options.observationChars ?? 1500;
  const maxChars = options.maxChars ?? 20_000;
  const verdict =
    trajectory.evaluation === undefined ? "unknown (no verdict)" : trajectory.evaluation.success ? "yes" : "no";
  const header = [
    `### ${options.title ?? "Rollout"} — task ${trajectory.taskId}, seed ${trajectory.seed}, policy ${trajectory.policy}, stack ${trajectory.stack}`,
    `success: ${verdict} · stop reason: ${trajectory.stopReason} · turns: ${trajectory.steps.length}`,
  ];
  if (trajectory.stopReason === "error" && trajectory.error)
    header.push(`episode error: ${truncateMiddle(trajectory.error, 300)}`);
  header.push("initial observation:", renderObservation(trajectory.initialObservation, observationChars));
  const blocks = trajectory.steps.map((step) => renderStep(step, observationChars));
  if (blocks.length === 0) blocks.push("(no turns)");
  const headerText = header.join("\n");
  const fitted = fitSteps(blocks, trajectory.steps, Math.max(0, maxChars - headerText.length - 1));
  return [headerText, ...fitted].join("\n");
}
