import { isAction, type Action, type ActionInput } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { EnvriggerError } from "../../core/errors.js";
import type { Evaluation } from "../../core/evaluation.js";
import type { Json, JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import type { ResetResult, StepResult } from "../../core/step-result.js";
import type { ResetOptions, Split, TaskInfo } from "../../core/task.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { truncateOutput } from "../bugfix/truncate-output.js";
import { parseToolCallText } from "../bugfix-tools/parse-tool-call-text.js";
import type { OpenEnvServerInfo } from "./fetch-openenv-server-info.js";
import { formatValidationErrors } from "./format-validation-errors.js";
import { resetOpenEnvSession } from "./open-openenv-session.js";
import type { OpenEnvOptions } from "./openenv-options.js";
import type { OpenEnvErrorPayload, OpenEnvObservationPayload } from "./openenv-protocol.js";
import { isMcpActionSchema, mcpCallAction, readMcpCall } from "./openenv-mcp.js";
import { listOpenEnvMcpTools } from "./list-openenv-mcp-tools.js";
import {
  type OpenEnvEpisode,
  openEnvEpisodeView,
  openEnvEvaluation,
  savedOpenEnvEpisode,
  startedOpenEnvEpisode,
} from "./openenv-episode.js";
import { fetchOpenEnvServerState, sendOpenEnvStep } from "./openenv-episode-requests.js";
import { openEnvObservationOf } from "./openenv-observation-of.js";
import { openEnvReward } from "./openenv-reward.js";
import { MALFORMED_STEP_MESSAGE, openEnvStepTool } from "./openenv-step-tool.js";
import type { OpenEnvSessionGate } from "./openenv-session-gate.js";
import { OpenEnvSessionLease } from "./openenv-session-lease.js";
import { statedCapacity } from "./probe-openenv-capacity.js";
import type { OpenEnvSocket } from "./openenv-socket.js";
import { openEnvStateSchemaText } from "./openenv-state-schema-text.js";
import type { OpenEnvUrls } from "./openenv-urls.js";
import { OPENENV_TASK_ID, openEnvTaskInfos } from "./openenv-tasks.js";

/** What an {@link OpenEnvEnv} is built from. */
export interface OpenEnvEnvSettings {
  /** The env id, `openenv:<url>`. */
  id: string;
  urls: OpenEnvUrls;
  server: OpenEnvServerInfo;
  options: OpenEnvOptions;
  /** The server's session gate (one per server in a process; see `openEnvSessionGate`). */
  gate: OpenEnvSessionGate;
}

/**
 * An OpenEnv server as an {@link ActionableEnv} (`openenv:<url>`), over OpenEnv's
 * WebSocket session protocol (see `openenv-protocol.ts`).
 *
 * - One connection for many episodes: `reset` reuses the open socket (OpenEnv sessions
 *   take any number of resets, as TRL's pooled clients rely on); a lost socket is replaced
 *   by a new connection. One message is in flight at a time; every wait on the server is
 *   bounded. A SESSION_ERROR reply loses the session (the server closes it).
 * - Sessions are the server's to count: the env holds a session of its server's gate
 *   (`OpenEnvSessionGate`, which knows the capacity) from `claimSession` on, and waits for
 *   one when the server is full; idle between episodes for `idleSessionMs`, it gives its
 *   session to an env waiting for one (keeping the server's final state for `stateView`)
 *   and waits again at its next reset. A refusal the gate did not foresee (sessions of
 *   other processes) is retried with backoff (`capacityAttempts`).
 * - The reset's reward is null (OpenEnv sends none); metadata never crosses the wire.
 * - One tool, `step`, whose input schema is the server's action schema (`GET /schema`);
 *   its arguments are sent as the action. An MCP env (action schema `CallToolAction`, e.g.
 *   echo_env) shows its own tools instead (listed once through `tools/list`), each call
 *   sent as `call_tool`; a call's text is the tool's result, `data.isError` its error flag,
 *   and a framework error (unknown tool, invalid arguments) is an action error. Text actions: one JSON line
 *   `{"name": "step", "arguments": {…}}`. A malformed text, another tool name, or an
 *   action the server refuses with VALIDATION_ERROR spends a turn and is reported in
 *   `info.actionError` and `observation.data.isError` (the session goes on). Every other
 *   server error, and a lost connection, throws `REMOTE_ENV`.
 * - The server's `done` → `terminated` (stop `terminated`); our turn budget `maxTurns`
 *   (default 50) → `truncated` (stop `budget`). The reward is the server's (a boolean
 *   counts 1/0, none counts 0).
 * - The verifier: success iff the server said `done` and the last reward is above 0 — or,
 *   with the `successReward` option, at least that; `score` is the last reward.
 * - One task, `default` (train): the protocol has no task list.
 * - `saveState` describes the episode, but `restoreState` always throws: the protocol
 *   cannot save or restore a server session (run `checkEnv` with `checkSaveRestore: false`).
 */
export class OpenEnvEnv implements ActionableEnv {
  readonly id: string;
  private readonly options: OpenEnvOptions;
  private socket: OpenEnvSocket | null = null;
  private episode: OpenEnvEpisode | null = null;
  private closed = false;
  private readonly lease: OpenEnvSessionLease;
  /** Whether the server is an MCP env (its action is `CallToolAction`): its tools are the server's own. */
  private readonly mcp: boolean;
  private mcpTools: ToolSpec[] | null = null;

  constructor(private readonly settings: OpenEnvEnvSettings) {
    this.id = settings.id;
    this.options = settings.options;
    this.mcp = isMcpActionSchema(settings.server.schemas.action);
    this.lease = new OpenEnvSessionLease(settings.gate, settings.options, () => this.giveUpSession());
  }

  /** Wait until this env holds one of the server's sessions (the definition's `create` does, so waiting is not charged to a reset's deadline). */
  async claimSession(): Promise<void> {
    this.open();
    await this.lease.ensure();
  }

  describe(): string {
    return this.id;
  }

  async tools(): Promise<ToolSpec[]> {
    this.open();
    if (this.mcp) return structuredClone(this.mcpTools ?? (await this.lease.use(() => this.listMcpTools())));
    return [openEnvStepTool(this.settings.server.schemas.action)];
  }

  async listTasks(split: Split): Promise<TaskInfo[]> {
    this.open();
    return openEnvTaskInfos(split);
  }

  async reset(options: ResetOptions): Promise<ResetResult> {
    return this.lease.use(() => this.startEpisode(options));
  }

  private async startEpisode(options: ResetOptions): Promise<ResetResult> {
    this.open();
    if (typeof options?.taskId !== "string" || !Number.isInteger(options.seed) || options.seed < 0) {
      throw new EnvriggerError("BAD_ARGUMENT", "reset needs { taskId: string, seed: non-negative integer }");
    }
    if (options.taskId !== OPENENV_TASK_ID) {
      throw new EnvriggerError("UNKNOWN_TASK", `${this.id} has no task "${options.taskId}"`, {
        hint: `an OpenEnv server has one task, "${OPENENV_TASK_ID}"`,
      });
    }
    this.lease.setEpisodeOpen(false);
    await this.lease.ensure();
    const previous = this.socket;
    this.socket = null;
    this.episode = null;
    const session = await resetOpenEnvSession(
      previous,
      this.settings.urls.webSocketUrl,
      { seed: options.seed },
      this.sessionOptions(),
    );
    this.socket = session.socket;
    this.lease.setEpisodeOpen(!(session.payload.done ?? false));
    if (this.mcp && this.mcpTools === null) await this.listMcpTools();
    const reward = openEnvReward(session.payload);
    const done = session.payload.done ?? false;
    const observation = this.observationOf(session.payload);
    this.episode = startedOpenEnvEpisode({
      taskId: options.taskId,
      seed: options.seed,
      done,
      lastReward: reward,
      observation,
    });
    return {
      observation,
      info: { taskId: options.taskId, maxTurns: this.options.maxTurns, done, serverReward: reward },
    };
  }

  parseText(text: string): Action | null {
    return parseToolCallText(text);
  }

  async step(input: ActionInput): Promise<StepResult> {
    return this.lease.use(() => this.takeStep(input));
  }

  private async takeStep(input: ActionInput): Promise<StepResult> {
    const episode = this.live();
    if (episode.done || episode.truncated)
      throw new EnvriggerError("EPISODE_OVER", "the OpenEnv episode is over; call reset() to start another");
    if (episode.lost) throw episode.lost;
    episode.turns += 1;
    const action = typeof input === "string" ? this.parseText(input) : isAction(input) ? input : null;
    let actionError: string | null = null;
    let errorData: JsonObject = {};
    let reward = 0;
    if (action === null) actionError = MALFORMED_STEP_MESSAGE;
    else if (!this.mcp && action.name !== "step")
      actionError = `error: unknown tool ${JSON.stringify(action.name)}; the only tool is step`;
    else {
      // An MCP env takes every tool as a call_tool action; an unknown one is the server's to refuse.
      const reply = await sendOpenEnvStep(
        this.socket as OpenEnvSocket,
        episode,
        this.mcp ? mcpCallAction(action.name, action.args) : action.args,
        this.settings.urls.webSocketUrl,
      );
      if (reply.type === "error") {
        actionError = `error: the server refused the action: ${reply.data.message ?? "invalid action"}${formatValidationErrors(reply.data.errors)}`;
        errorData = reply.data.errors === undefined ? {} : { errors: reply.data.errors };
      } else {
        const serverReward = openEnvReward(reply.payload);
        reward = serverReward ?? 0;
        episode.lastReward = serverReward;
        episode.totalReward += reward;
        episode.done = reply.payload.done ?? false;
        episode.observation = this.observationOf(reply.payload);
        const callError = this.mcp ? readMcpCall(reply.payload.observation).callError : null;
        if (callError !== null) {
          actionError = `error: ${callError}`;
          errorData = { observation: reply.payload.observation };
        }
      }
    }
    episode.lastActionError = actionError;
    if (actionError !== null) {
      episode.actionErrors += 1;
      episode.observation = {
        text: truncateOutput(actionError, this.options.observationBudget),
        data: { isError: true, ...errorData },
      };
    }
    episode.truncated = !episode.done && episode.turns >= this.options.maxTurns;
    if (episode.done || episode.truncated) this.lease.setEpisodeOpen(false);
    const stop = episode.done ? "terminated" : episode.truncated ? "budget" : null;
    const info: JsonObject = {
      stop,
      actionError,
      turns: episode.turns,
      maxTurns: this.options.maxTurns,
      done: episode.done,
      serverReward: actionError === null ? episode.lastReward : null,
    };
    return {
      observation: structuredClone(episode.observation),
      reward,
      terminated: episode.done,
      truncated: episode.truncated,
      info,
    };
  }

  private observationOf(payload: OpenEnvObservationPayload): Observation {
    return openEnvObservationOf(payload, {
      mcp: this.mcp,
      mcpTools: this.mcpTools,
      observationBudget: this.options.observationBudget,
    });
  }

  /**
   * The tools of an MCP env, listed once (JSON-RPC `tools/list` in an `mcp` message, which
   * takes no step; the step `list_tools` on servers without it), on the open session or a
   * new one (a reset with no seed opens it; the next reset starts the episode).
   */
  private async listMcpTools(): Promise<ToolSpec[]> {
    if (this.mcpTools !== null) return this.mcpTools;
    await this.lease.ensure();
    if (!this.socket?.isOpen) {
      const session = await resetOpenEnvSession(
        this.socket,
        this.settings.urls.webSocketUrl,
        {},
        this.sessionOptions(),
      );
      this.socket = session.socket;
    }
    this.mcpTools = await listOpenEnvMcpTools(this.socket as OpenEnvSocket, this.settings.urls.webSocketUrl);
    return this.mcpTools;
  }

  private sessionOptions() {
    return { ...this.options, onCapacityReached: (payload: OpenEnvErrorPayload) => this.waitForSession(payload) };
  }

  async observe(): Promise<Observation> {
    return structuredClone(this.live().observation);
  }

  /** The verifier: the server's `done` and last reward against the success threshold (see the class comment). */
  async evaluate(): Promise<Evaluation> {
    return openEnvEvaluation(this.live(), this.options);
  }

  /** Our counters and the last observation, plus the server's state (a `state` request) unless `serverStateInView` is off. */
  async stateView(): Promise<JsonObject> {
    const episode = this.live();
    const view = openEnvEpisodeView(episode, this.options);
    if (this.options.serverStateInView)
      view.serverState = structuredClone(
        episode.finalServerState ?? (await this.lease.use(() => this.serverState(episode))),
      );
    return view;
  }

  private async serverState(episode: OpenEnvEpisode): Promise<JsonObject> {
    if (episode.lost) throw episode.lost;
    if (this.socket === null) throw this.reclaimedError();
    return fetchOpenEnvServerState(this.socket as OpenEnvSocket, episode, this.settings.urls.webSocketUrl);
  }

  stateSchema(): string {
    return openEnvStateSchemaText(this.settings.server.schemas, this.options.serverStateInView);
  }

  /** A description of the episode (JSON). It cannot be restored: see {@link restoreState}. */
  async saveState(): Promise<Json> {
    return savedOpenEnvEpisode(this.id, this.live());
  }

  /** Always throws: OpenEnv's protocol has no way to save or restore a server session. */
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

  /** After a Setup replay: the turn budget and the action-error counter start again. */
  async notifyReplayComplete(): Promise<void> {
    const episode = this.live();
    episode.turns = 0;
    episode.actionErrors = 0;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.episode = null;
    await this.endSession();
    this.lease.end();
  }

  /**
   * The gate asks for this env's idle session: keep the server's final state of an ended
   * episode (for `stateView`), mark an abandoned one lost, and close the socket.
   */
  private async giveUpSession(): Promise<void> {
    const episode = this.episode;
    if (episode !== null && episode.lost === null) {
      if (episode.done || episode.truncated) {
        if (this.options.serverStateInView && this.socket?.isOpen)
          episode.finalServerState = await this.serverState(episode).catch(() => null);
      } else episode.lost = this.reclaimedError();
    }
    const socket = this.socket;
    this.socket = null;
    await socket?.close();
  }

  /**
   * A CAPACITY_REACHED refusal: learn the capacity it states; when this process holds more
   * sessions than that (granted before the capacity was known), give this env's back and
   * wait for one (`true`). Otherwise the refusal is someone else's: retry after the backoff.
   */
  private async waitForSession(payload: OpenEnvErrorPayload): Promise<boolean> {
    const capacity = statedCapacity(payload);
    if (capacity !== null) this.settings.gate.learnCapacity(capacity);
    if (!this.settings.gate.overCommitted) return false;
    this.lease.drop();
    await this.lease.ensure();
    return true;
  }

  private reclaimedError(): EnvriggerError {
    return new EnvriggerError(
      "REMOTE_ENV",
      `this ${this.id} episode was idle for ${this.options.abandonedEpisodeMs} ms and its session went to another env waiting for the server's only sessions`,
      { hint: "call reset() to start another episode; raise abandonedEpisodeMs for policies that think longer" },
    );
  }

  private async endSession(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    this.episode = null;
    await socket?.close();
  }

  private open(): void {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", `this ${this.id} env is closed; create a new one`);
  }

  private live(): OpenEnvEpisode {
    this.open();
    if (!this.episode)
      throw new EnvriggerError(
        "EPISODE_NOT_STARTED",
        `no ${this.id} episode yet; call reset({ taskId: "${OPENENV_TASK_ID}", seed }) first`,
      );
    return this.episode;
  }
}
