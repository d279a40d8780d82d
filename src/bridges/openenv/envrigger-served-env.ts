import { isAction, type Action, type ActionInput } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { EnvriggerError, isEnvriggerError } from "../../core/errors.js";
import type { Evaluation } from "../../core/evaluation.js";
import type { Json, JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import type { ResetResult, StepResult } from "../../core/step-result.js";
import type { ResetOptions, Split, TaskInfo } from "../../core/task.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { parseWith } from "../../core/validate.js";
import {
  envriggerServedObservationSchema,
  type EnvriggerServedObservation,
  type EnvriggerServedSchema,
} from "./envrigger-served-schema.js";
import { resetOpenEnvSession } from "./open-openenv-session.js";
import type { OpenEnvOptions } from "./openenv-options.js";
import type { OpenEnvObservationPayload } from "./openenv-protocol.js";
import { openEnvServerError } from "./openenv-server-error.js";
import type { OpenEnvSocket } from "./openenv-socket.js";
import { OPENENV_TASK_ID } from "./openenv-tasks.js";
import type { OpenEnvUrls } from "./openenv-urls.js";
import { formatValidationErrors } from "./format-validation-errors.js";
import { servedTextGrammar } from "./served-text-grammar.js";

/** What an {@link EnvriggerServedEnv} is built from. */
export interface EnvriggerServedEnvSettings {
  id: string;
  urls: OpenEnvUrls;
  served: EnvriggerServedSchema;
  /** The served task ids (from `/metadata`). */
  taskIds: string[];
  /** The served tasks with their groups (from `/metadata`). */
  tasks: TaskInfo[];
  options: OpenEnvOptions;
}

interface ServedEpisode {
  taskId: string;
  seed: number;
  last: EnvriggerServedObservation;
  done: boolean;
  lost: EnvriggerError | null;
}

/**
 * An `envrigger serve` server through the `openenv:<url>` bridge, recognised by the
 * `x-envrigger` key of its action schema. It shows the served env's own tools, tasks (the
 * served set's task ids; `default` draws one from the seed) and text grammar, sends
 * actions as `{name, args}` or `{text}`, and reads the served observation's `text`,
 * `data`, `stop`, `truncated`, `action_error`, `success` and `score` — so that a policy
 * run through it sees exactly what it sees locally, and a local baseline is reproduced
 * episode by episode. The turn budget is the server's (`max_turns`). One socket serves
 * every episode; save/restore is not possible over the protocol.
 */
export class EnvriggerServedEnv implements ActionableEnv {
  readonly id: string;
  private socket: OpenEnvSocket | null = null;
  private episode: ServedEpisode | null = null;
  private closed = false;
  private readonly parse: (text: string) => Action | null;

  constructor(private readonly settings: EnvriggerServedEnvSettings) {
    this.id = settings.id;
    this.parse = servedTextGrammar(settings.served.baseEnv);
  }

  describe(): string {
    return this.id;
  }

  async tools(): Promise<ToolSpec[]> {
    this.open();
    return structuredClone(this.settings.served.tools);
  }

  async listTasks(split: Split): Promise<TaskInfo[]> {
    this.open();
    return split === "train" ? this.settings.tasks.map((task) => ({ ...task })) : [];
  }

  async reset(options: ResetOptions): Promise<ResetResult> {
    this.open();
    if (typeof options?.taskId !== "string" || !Number.isInteger(options.seed) || options.seed < 0) {
      throw new EnvriggerError("BAD_ARGUMENT", "reset needs { taskId: string, seed: non-negative integer }");
    }
    if (options.taskId !== OPENENV_TASK_ID && !this.settings.taskIds.includes(options.taskId)) {
      throw new EnvriggerError("UNKNOWN_TASK", `${this.id} serves no task "${options.taskId}"`, {
        hint: `served: ${this.settings.taskIds.slice(0, 20).join(", ")} (or "${OPENENV_TASK_ID}": drawn from the seed)`,
      });
    }
    const data: JsonObject = {
      seed: options.seed,
      ...(options.taskId === OPENENV_TASK_ID ? {} : { task_id: options.taskId }),
    };
    const previous = this.socket;
    this.socket = null;
    this.episode = null;
    const session = await resetOpenEnvSession(previous, this.settings.urls.webSocketUrl, data, this.settings.options);
    this.socket = session.socket;
    const last = this.read(session.payload);
    this.episode = { taskId: options.taskId, seed: options.seed, last, done: false, lost: null };
    return {
      observation: this.observationOf(last),
      info: { taskId: last.task_id, stackId: last.stack_id, maxTurns: last.max_turns },
    };
  }

  parseText(text: string): Action | null {
    return this.parse(text);
  }

  async step(input: ActionInput): Promise<StepResult> {
    const episode = this.live();
    if (episode.done)
      throw new EnvriggerError("EPISODE_OVER", "the served episode is over; call reset() to start another");
    if (episode.lost) throw episode.lost;
    const action: JsonObject =
      typeof input === "string"
        ? { text: input }
        : isAction(input)
          ? { name: input.name, args: input.args }
          : { text: String(input) };
    let reply;
    try {
      reply = await (this.socket as OpenEnvSocket).request({ type: "step", data: action }, "step");
    } catch (error) {
      if (isEnvriggerError(error)) episode.lost = error;
      throw error;
    }
    if (reply.type === "error") {
      const error = openEnvServerError(reply.data, "step", this.settings.urls.webSocketUrl);
      if (reply.data.code === "VALIDATION_ERROR") {
        throw new EnvriggerError(
          "BAD_ARGUMENT",
          `the served env refused the action's shape: ${reply.data.message ?? ""}${formatValidationErrors(reply.data.errors)}`,
        );
      }
      // EXECUTION_ERROR: the served episode ended (a failing component); SESSION_ERROR: the socket is gone.
      episode.done = true;
      if (reply.data.code === "SESSION_ERROR") episode.lost = error;
      throw error;
    }
    if (reply.type !== "observation")
      throw new EnvriggerError(
        "REMOTE_ENV",
        `the server at ${this.settings.urls.webSocketUrl} answered step with a ${reply.type} message`,
      );
    const last = this.read(reply.data);
    episode.last = last;
    episode.done = reply.data.done ?? false;
    const truncated = episode.done && last.truncated;
    const reward = typeof reply.data.reward === "number" ? reply.data.reward : reply.data.reward === true ? 1 : 0;
    const info: JsonObject = {
      stop: last.stop,
      actionError: last.action_error,
      turns: last.turn,
      maxTurns: last.max_turns,
      taskId: last.task_id,
      stackId: last.stack_id,
    };
    return { observation: this.observationOf(last), reward, terminated: episode.done && !truncated, truncated, info };
  }

  private read(payload: OpenEnvObservationPayload): EnvriggerServedObservation {
    return parseWith(
      envriggerServedObservationSchema,
      payload.observation,
      `the served observation from ${this.settings.urls.webSocketUrl}`,
      "REMOTE_ENV",
    );
  }

  private observationOf(last: EnvriggerServedObservation): Observation {
    return last.data === undefined
      ? { text: last.text }
      : { text: last.text, data: structuredClone(last.data) as JsonObject };
  }

  async observe(): Promise<Observation> {
    return this.observationOf(this.live().last);
  }

  /** The served verifier's verdict, sent with the last observation of the episode (no success before the end). */
  async evaluate(): Promise<Evaluation> {
    const episode = this.live();
    return {
      success: episode.done && episode.last.success === true,
      score: episode.done ? (episode.last.score ?? 0) : 0,
      metrics: {
        done: episode.done,
        stop: episode.last.stop,
        turns: episode.last.turn,
        maxTurns: episode.last.max_turns,
        stackId: episode.last.stack_id,
        // The served verifier's public checks, so a baseline through the server keeps its publicPassRate.
        ...(typeof episode.last.public_pass === "boolean" ? { publicPass: episode.last.public_pass } : {}),
        ...(typeof episode.last.submitted === "boolean" ? { submitted: episode.last.submitted } : {}),
      },
    };
  }

  /** The server's state message (`view` is the served stack's state view). */
  async stateView(): Promise<JsonObject> {
    const episode = this.live();
    if (episode.lost) throw episode.lost;
    const reply = await (this.socket as OpenEnvSocket).request({ type: "state" }, "state");
    if (reply.type === "state") return reply.data;
    if (reply.type === "error") throw openEnvServerError(reply.data, "state", this.settings.urls.webSocketUrl);
    throw new EnvriggerError(
      "REMOTE_ENV",
      `the server at ${this.settings.urls.webSocketUrl} answered state with an observation message`,
    );
  }

  stateSchema(): string {
    return "the served session's state: episode_id, step_count, task_id, stack_id, seed, done, max_turns, and view (the served stack's own state view)";
  }

  async saveState(): Promise<Json> {
    const episode = this.live();
    return { env: this.id, restorable: false, taskId: episode.taskId, seed: episode.seed, turns: episode.last.turn };
  }

  async restoreState(_saved: Json): Promise<void> {
    this.open();
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `${this.id} cannot restore a saved episode: the OpenEnv protocol has no way to save or restore a server session`,
      {
        hint: "run checkEnv with checkSaveRestore: false, and do not use openenv under layers that restore saved states",
      },
    );
  }

  /** Nothing to do locally; the served env's own turn budget keeps counting (see docs/serving-and-export.md). */
  async notifyReplayComplete(): Promise<void> {
    this.live();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.episode = null;
    const socket = this.socket;
    this.socket = null;
    await socket?.close();
  }

  private open(): void {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", `this ${this.id} env is closed; create a new one`);
  }

  private live(): ServedEpisode {
    this.open();
    if (!this.episode) throw new EnvriggerError("EPISODE_NOT_STARTED", `no ${this.id} episode yet; call reset() first`);
    return this.episode;
  }
}
