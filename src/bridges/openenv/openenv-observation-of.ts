import type { JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { truncateOutput } from "../bugfix/truncate-output.js";
import { readMcpCall } from "./openenv-mcp.js";
import type { OpenEnvObservationPayload } from "./openenv-protocol.js";
import { openEnvReward } from "./openenv-reward.js";
import { renderOpenEnvObservation } from "./render-openenv-observation.js";

/** How an env shows observations: whether its server is an MCP env (and its tools), and the text budget. */
export interface OpenEnvObservationSettings {
  mcp: boolean;
  mcpTools: readonly ToolSpec[] | null;
  observationBudget: number;
}

/**
 * A server observation as ours: the text renders every field (an MCP call's text is the tool's
 * result; an MCP env's empty reset names its tools), the data keeps the payload, its reward and
 * done flag, and `isError` (an MCP call's error flag).
 */
export function openEnvObservationOf(
  payload: OpenEnvObservationPayload,
  settings: OpenEnvObservationSettings,
): Observation {
  const call = settings.mcp && "tool_name" in payload.observation ? readMcpCall(payload.observation) : null;
  const data: JsonObject = {
    isError: call?.isError ?? false,
    observation: payload.observation,
    reward: openEnvReward(payload),
    done: payload.done ?? false,
  };
  const text =
    call?.text ??
    (settings.mcp && Object.keys(payload.observation).length === 0
      ? `The environment is ready. Its tools: ${(settings.mcpTools ?? []).map((tool) => tool.name).join(", ")}.`
      : renderOpenEnvObservation(payload.observation));
  return { text: truncateOutput(text, settings.observationBudget), data };
}
