import type { ActionableEnv } from "../../core/actionable-env.js";
import type { EnvDefinition } from "../../core/env-definition.js";
import type { JsonObject } from "../../core/json.js";
import type { Split, TaskInfo } from "../../core/task.js";
import { parseWith } from "../../core/validate.js";
import { fetchOpenEnvServerInfo } from "./fetch-openenv-server-info.js";
import { EnvriggerServedEnv } from "./envrigger-served-env.js";
import { OpenEnvEnv } from "./openenv-env.js";
import { openEnvOptionsSchema } from "./openenv-options.js";
import { openEnvSessionGate } from "./openenv-session-gate.js";
import { probeOpenEnvCapacity } from "./probe-openenv-capacity.js";
import { openEnvTaskInfos } from "./openenv-tasks.js";
import { resolveOpenEnvUrls } from "./openenv-urls.js";

/**
 * The env definition of `--env openenv:<url>` (`url`: `http(s)://` or `ws(s)://`, the
 * server's base). The URL is checked at once (`BAD_CONFIG`); each `create(options)`
 * reads the server's `GET /health` and `GET /schema` (a clear `REMOTE_ENV` error when the
 * server is unreachable, unhealthy or not OpenEnv) and returns an {@link OpenEnvEnv}.
 * Options: see `openenv-options.ts` (maxTurns 50, successReward, timeouts, capacity
 * probe and retries, idle sessions). The first `create` for a server probes how many
 * sessions it takes (`capacityProbeLimit`); each `create` then waits for a free session
 * (see `OpenEnvSessionGate`), so rollouts beyond the server's capacity queue instead of
 * failing. Tasks: `default` (train) only — except on an `envrigger serve` server, which
 * names its tasks and tools and gets an {@link EnvriggerServedEnv}.
 */
export function createOpenEnvDefinition(url: string): EnvDefinition {
  const urls = resolveOpenEnvUrls(url);
  const id = `openenv:${url}`;
  return {
    id,
    description: `An OpenEnv server at ${urls.httpBase} (WebSocket sessions on ${urls.webSocketUrl}); one tool, step, taking the server's action schema; one task, default. Options: maxTurns (50), successReward, httpTimeoutMs, connectTimeoutMs, messageTimeoutMs, capacityAttempts, capacityBackoffMs, capacityBackoffMaxMs, capacityProbeLimit (16), idleSessionMs (250), abandonedEpisodeMs (120000), observationBudget, serverStateInView.`,
    async listTasks(split: Split): Promise<TaskInfo[]> {
      // An `envrigger serve` server names its tasks; any other OpenEnv server has one, default.
      const server = await fetchOpenEnvServerInfo(urls.httpBase, 10_000).catch(() => null);
      if (server?.envrigger) return split === "train" ? server.envrigger.tasks.map((task) => ({ ...task })) : [];
      return openEnvTaskInfos(split);
    },
    async create(options: JsonObject = {}): Promise<ActionableEnv> {
      const parsed = parseWith(openEnvOptionsSchema, options, "openenv options", "BAD_CONFIG");
      const server = await fetchOpenEnvServerInfo(urls.httpBase, parsed.httpTimeoutMs);
      if (server.envrigger)
        return new EnvriggerServedEnv({
          id,
          urls,
          served: server.envrigger.schema,
          taskIds: server.envrigger.taskIds,
          tasks: server.envrigger.tasks,
          options: parsed,
        });
      const gate = openEnvSessionGate(urls.webSocketUrl);
      await gate.discover(async () =>
        parsed.capacityProbeLimit === 0
          ? null
          : probeOpenEnvCapacity(urls.webSocketUrl, parsed.capacityProbeLimit, parsed),
      );
      const env = new OpenEnvEnv({ id, urls, server, options: parsed, gate });
      await env.claimSession();
      return env;
    },
  };
}
