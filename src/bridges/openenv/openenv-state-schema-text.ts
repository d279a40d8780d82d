import { stableStringify, type JsonObject } from "../../core/json.js";
import { truncateOutput } from "../bugfix/truncate-output.js";
import type { OpenEnvSchemas } from "./openenv-protocol.js";

/** The description of an OpenEnv env's `stateView()` that designers are shown, with the server's schemas (each cut to 2,000 characters). */
export function openEnvStateSchemaText(schemas: OpenEnvSchemas, serverStateInView: boolean): string {
  const schema = (value: JsonObject) => truncateOutput(stableStringify(value), 2_000);
  return [
    "taskId: string — always default",
    "turn: number — steps taken (malformed and refused actions too); maxTurns: number — the turn budget",
    "done: boolean — the server said the episode terminated; truncated: boolean — the turn budget ran out",
    "lastReward: number | null — the server's last reward; totalReward: number — the sum of step rewards",
    "actionErrors: number — actions refused (malformed, unknown tool, server VALIDATION_ERROR); lastActionError: string | null",
    `observation: object — the last observation: { isError, observation, reward, done }, where observation follows the server's schema ${schema(schemas.observation)}`,
    ...(serverStateInView
      ? [`serverState: object — the server's state (its state message), schema ${schema(schemas.state)}`]
      : []),
  ].join("\n");
}
