import type { z } from "zod";
import { EnvriggerError, errorMessage } from "../../core/errors.js";
import type { TaskInfo } from "../../core/task.js";
import { parseJsonText } from "../../core/validate.js";
import {
  envriggerServedMetadataSchema,
  envriggerServedSchemaSchema,
  type EnvriggerServedSchema,
} from "./envrigger-served-schema.js";
import { readableErrorBody } from "./readable-error-body.js";
import { openEnvHealthSchema, openEnvSchemaResponseSchema, type OpenEnvSchemas } from "./openenv-protocol.js";

/** What an OpenEnv server says about itself at start. */
export interface OpenEnvServerInfo {
  /** `/health`'s status (`healthy` or `degraded`; `unhealthy` is refused). */
  health: string;
  schemas: OpenEnvSchemas;
  /** Set when the server is `envrigger serve` (its action schema carries `x-envrigger`): the served env and task ids. */
  envrigger?: { schema: EnvriggerServedSchema; taskIds: string[]; tasks: TaskInfo[] };
}

const startHint = "start the OpenEnv server first, or check the address given as --env openenv:<url>";

/** The cause of a failed fetch, e.g. `connect ECONNREFUSED 127.0.0.1:8000`. */
function causeOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as unknown) : undefined;
  return cause === undefined ? errorMessage(error) : `${errorMessage(error)} (${errorMessage(cause)})`;
}

async function getJson<S extends z.ZodType>(url: string, schema: S, timeoutMs: number): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new EnvriggerError(
      "REMOTE_ENV",
      timedOut
        ? `the OpenEnv server gave no answer to GET ${url} within ${timeoutMs} ms`
        : `cannot reach the OpenEnv server: GET ${url} failed: ${causeOf(error)}`,
      {
        hint: startHint,
        cause: error,
      },
    );
  }
  const text = await response.text();
  if (!response.ok) {
    throw new EnvriggerError(
      "REMOTE_ENV",
      `the OpenEnv server answered GET ${url} with HTTP ${response.status}: ${readableErrorBody(text)}`,
      {
        hint: "is this an OpenEnv server? it must answer GET /health and GET /schema",
      },
    );
  }
  return parseJsonText(schema, text, `the OpenEnv server's answer to GET ${url}`, "REMOTE_ENV");
}

/**
 * Read `GET /health` then `GET /schema` of an OpenEnv server, each bounded by
 * `timeoutMs`. An unreachable server, a timeout, an HTTP error, an `unhealthy` status or
 * an answer of the wrong shape is a `REMOTE_ENV` error saying which and what to check.
 */
export async function fetchOpenEnvServerInfo(httpBase: string, timeoutMs: number): Promise<OpenEnvServerInfo> {
  const health = await getJson(`${httpBase}/health`, openEnvHealthSchema, timeoutMs);
  if (health.status === "unhealthy") {
    throw new EnvriggerError("REMOTE_ENV", `the OpenEnv server at ${httpBase} reports status "unhealthy"`, {
      hint: "see the server's log",
    });
  }
  const schemas = await getJson(`${httpBase}/schema`, openEnvSchemaResponseSchema, timeoutMs);
  const info: OpenEnvServerInfo = {
    health: health.status,
    schemas: { action: schemas.action, observation: schemas.observation, state: schemas.state },
  };
  const marker = envriggerServedSchemaSchema.safeParse(schemas.action["x-envrigger"]);
  if (marker.success) {
    const metadata = await getJson(`${httpBase}/metadata`, envriggerServedMetadataSchema, timeoutMs);
    info.envrigger = {
      schema: marker.data,
      taskIds: [...new Set(metadata.served.members.map((member) => member.task_id))],
      // The served tasks with their groups, first member of each task first.
      tasks: [
        ...new Map(
          metadata.served.members.map((member) => [
            member.task_id,
            {
              id: member.task_id,
              split: "train" as const,
              ...(typeof member.group === "string" ? { group: member.group } : {}),
            },
          ]),
        ).values(),
      ],
    };
  }
  return info;
}
