import type { Browser } from "playwright-core";
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
import { readResetOptions } from "../../core/read-reset-options.js";
import { MiniwobBrowser } from "./miniwob-browser.js";
import type { MiniwobPage } from "./miniwob-page.js";
import { PageDeadline } from "./page-deadline.js";
import { PAGE_DEADLINE_MS } from "./page-not-settled.js";
import { miniwobSavedStateSchema, type MiniwobSavedState } from "./miniwob-saved-state.js";
import { miniwobStateSchemaText } from "./miniwob-state-schema-text.js";
import type { MiniwobTaskCatalog } from "./miniwob-task-catalog.js";
import { miniwobTools } from "./miniwob-tools.js";
import { performWebAction } from "./perform-web-action.js";
import { DOM_VIEW_DEFAULT_BUDGET, renderDomView } from "./render-dom-view.js";
import { readMiniwobPage, startMiniwobPage } from "./start-miniwob-page.js";
import type { DomReading } from "./web-element.js";

/** Simulated milliseconds each action lets pass on the page's clock (timers, animations, delays). */
export const MINIWOB_STEP_MS = 1000;

/** The default turn budget of a MiniWoB++ episode. */
export const MINIWOB_DEFAULT_MAX_TURNS = 20;

/** Options of {@link MiniwobEnv}. */
export interface MiniwobEnvOptions {
  /** Turn budget per episode (default 20). */
  maxTurns?: number;
  /** Characters of the text view per observation (default 6000); longer views keep head and tail. */
  observationBudget?: number;
  /** The Chromium executable (default: `ENVRIGGER_CHROMIUM`, else `/usr/bin/chromium`). */
  executablePath?: string;
  /** Run in this already launched browser (own context and page; closing the env leaves the browser running). */
  browser?: Browser;
  /**
   * Real-time deadline of one env call's page work, in ms (default `PAGE_DEADLINE_MS`,
   * 20 000): past it the call throws `PAGE_NOT_SETTLED`. Keep it below the rollout's call
   * deadline (30 s), past which an episode is scored as a `timeout`.
   */
  pageDeadlineMs?: number;
}

interface MiniwobEpisode {
  taskId: string;
  seed: number;
  maxTurns: number;
  turns: number;
  /** Every action the page received, in order (what a restore replays). */
  actions: Action[];
  reading: DomReading;
  lastError: string | null;
  stop: "page" | "budget" | null;
}

const malformedMessage = "malformed call: send a tool call { name: click|type|press|select|scroll, args: {...} }";

/**
 * MiniWoB++ in a real browser (`miniwob`): each env drives one headless Chromium (launched
 * at the first `reset`, its page reused across episodes) over the task pages bundled in
 * `data/miniwob/html` (loaded from `file://`).
 *
 * - Reset: the page is (re)loaded with the simulated clock at a fixed time, the page's
 *   episode timer set to `MINIWOB_EPISODE_MAX_TIME_MS` (10^9 simulated ms: never fires), `Math.seedrandom(seed)` and
 *   `core.startEpisodeReal()`. The clock is Playwright's fake clock, paused; every action lets
 *   {@link MINIWOB_STEP_MS} of simulated time pass, so the same seed and actions give the
 *   same pages whatever the machine's load.
 * - Observation: the utterance and a compact view of the visible DOM, one element per line
 *   with a ref (`[12] button "Submit"`), cut head + tail at `observationBudget`; `data`
 *   holds the same as JSON (`utterance`, `elements`, `isError`, `episodeOver`).
 * - Tools `click`, `type`, `press`, `select`, `scroll`; a refused call (unknown tool or ref,
 *   wrong element kind, impossible action) is an `isError` result with the reason in
 *   `info.actionError`, never an exception. Every call costs a turn.
 * - Verdict: the page's own. The episode terminates when the page ends it (stop `page`);
 *   success iff its raw reward (`WOB_RAW_REWARD_GLOBAL`) is positive; score = that reward.
 *   Out of turns: truncated, stop `budget`. Reward: the raw reward on the ending step.
 * - Save/restore: (task, seed, actions) replayed on a fresh page load.
 */
export class MiniwobEnv implements ActionableEnv {
  readonly id = "miniwob";
  private readonly browser: MiniwobBrowser;
  private readonly maxTurns: number;
  private readonly observationBudget: number;
  private readonly pageDeadlineMs: number;
  private episode: MiniwobEpisode | null = null;
  private closed = false;

  constructor(
    private readonly catalog: MiniwobTaskCatalog,
    options: MiniwobEnvOptions = {},
  ) {
    this.maxTurns = options.maxTurns ?? MINIWOB_DEFAULT_MAX_TURNS;
    this.observationBudget = options.observationBudget ?? DOM_VIEW_DEFAULT_BUDGET;
    this.pageDeadlineMs = options.pageDeadlineMs ?? PAGE_DEADLINE_MS;
    for (const [name, value, minimum] of [
      ["maxTurns", this.maxTurns, 1],
      ["observationBudget", this.observationBudget, 200],
      ["pageDeadlineMs", this.pageDeadlineMs, 1],
    ] as const) {
      if (!Number.isSafeInteger(value) || value < minimum)
        throw new EnvriggerError(
          "BAD_CONFIG",
          `miniwob ${name} must be an integer of at least ${minimum}, got ${value}`,
        );
    }
    this.browser = new MiniwobBrowser(options.executablePath ?? null, options.browser ?? null);
  }

  describe(): string {
    return this.id;
  }

  async tools(): Promise<ToolSpec[]> {
    this.assertOpen();
    return miniwobTools();
  }

  async listTasks(split: Split): Promise<TaskInfo[]> {
    this.assertOpen();
    return this.catalog.listTasks(split);
  }

  async reset(options: ResetOptions): Promise<ResetResult> {
    this.assertOpen();
    const { taskId, seed } = readResetOptions(options);
    this.catalog.assertListed(taskId);
    this.episode = null;
    const reading = await this.startPage(taskId, seed);
    this.episode = {
      taskId,
      seed,
      maxTurns: this.maxTurns,
      turns: 0,
      actions: [],
      reading,
      lastError: null,
      stop: null,
    };
    return {
      observation: this.observationOf(this.episode),
      info: { taskId, maxTurns: this.maxTurns, utterance: reading.utterance },
    };
  }

  /** No text grammar: actions are tool calls. */
  parseText(): Action | null {
    return null;
  }

  async step(input: ActionInput): Promise<StepResult> {
    const episode = this.live();
    if (episode.stop !== null)
      throw new EnvriggerError("EPISODE_OVER", `the miniwob episode is over (${episode.stop}); call reset()`);
    episode.turns += 1;
    let actionError: string | null;
    if (isAction(input)) {
      const action: Action = { name: input.name, args: structuredClone(input.args) };
      episode.actions.push(action);
      actionError = await this.apply(action, episode);
    } else {
      actionError = malformedMessage;
    }
    episode.lastError = actionError;
    const ended = episode.reading.done === true;
    const reward = ended ? (episode.reading.rawReward ?? 0) : 0;
    if (ended) episode.stop = "page";
    else if (episode.turns >= episode.maxTurns) episode.stop = "budget";
    return {
      observation: this.observationOf(episode),
      reward,
      terminated: ended,
      truncated: !ended && episode.stop === "budget",
      info: {
        stop: episode.stop,
        turns: episode.turns,
        actionError,
        success: ended && (episode.reading.rawReward ?? 0) > 0,
        rawReward: ended ? episode.reading.rawReward : null,
        reason: ended ? episode.reading.reason : null,
      },
    };
  }

  async observe(): Promise<Observation> {
    return this.observationOf(this.live());
  }

  async evaluate(): Promise<Evaluation> {
    const episode = this.live();
    const ended = episode.reading.done === true;
    const rawReward = ended ? (episode.reading.rawReward ?? 0) : 0;
    return {
      success: ended && rawReward > 0,
      score: rawReward,
      metrics: {
        ended,
        rawReward,
        reason: ended ? episode.reading.reason : null,
        turns: episode.turns,
        actions: episode.actions.length,
      },
    };
  }

  async stateView(): Promise<JsonObject> {
    const episode = this.live();
    return structuredClone({
      taskId: episode.taskId,
      utterance: episode.reading.utterance,
      elements: episode.reading.elements,
      episodeOver: episode.reading.done === true,
      turns: episode.turns,
      maxTurns: episode.maxTurns,
      lastActions: episode.actions.slice(-10),
      lastError: episode.lastError,
    }) as JsonObject;
  }

  stateSchema(): string {
    return miniwobStateSchemaText;
  }

  async saveState(): Promise<Json> {
    const episode = this.live();
    const saved: MiniwobSavedState = {
      format: "miniwob-episode/1",
      taskId: episode.taskId,
      seed: episode.seed,
      maxTurns: episode.maxTurns,
      turns: episode.turns,
      actions: structuredClone(episode.actions),
      lastError: episode.lastError,
      stop: episode.stop,
    };
    return saved;
  }

  /** Reload the saved task and seed and replay its actions; a state that does not parse throws `BAD_ARGUMENT`. */
  async restoreState(state: Json): Promise<void> {
    this.assertOpen();
    const saved = parseWith(miniwobSavedStateSchema, state, "saved miniwob episode", "BAD_ARGUMENT");
    this.catalog.assertListed(saved.taskId);
    this.episode = null;
    const reading = await this.startPage(saved.taskId, saved.seed);
    const episode: MiniwobEpisode = {
      taskId: saved.taskId,
      seed: saved.seed,
      maxTurns: saved.maxTurns,
      turns: saved.turns,
      actions: [],
      reading,
      lastError: saved.lastError,
      stop: saved.stop,
    };
    for (const action of saved.actions) {
      episode.actions.push(action);
      await this.apply(action, episode);
    }
    episode.lastError = saved.lastError;
    this.episode = episode;
  }

  async notifyReplayComplete(): Promise<void> {
    this.live().turns = 0;
  }

  /** Close the browser (idempotent). */
  async close(): Promise<void> {
    this.closed = true;
    this.episode = null;
    await this.browser.close();
  }

  /**
   * Load a task page at the fixed simulated time and start the seeded episode, all within
   * one {@link PageDeadline} (starting the browser the first time included).
   */
  private startPage(taskId: string, seed: number): Promise<DomReading> {
    return this.onPage(async (live, deadline) => startMiniwobPage(live, taskId, seed, deadline));
  }

  /**
   * Do one action on the page, let simulated time pass, read the page again; the refusal
   * message or null. The page settles before simulated time passes too, so what the action
   * set off in real time (a hover, a scroll event, an image) happens before the page's
   * timers run, never in between them at a moment the machine's load decides. The action,
   * both settles and the clock's run share one {@link PageDeadline}.
   */
  private async apply(action: Action, episode: MiniwobEpisode): Promise<string | null> {
    const { error, reading } = await this.onPage(async (live, deadline) => {
      const refused = await performWebAction(live.page, action, episode.reading.elements, deadline);
      if (refused === null) {
        await readMiniwobPage(live, deadline);
        await deadline.within(live.page.clock.runFor(MINIWOB_STEP_MS), "run its timers for one simulated second");
      }
      return { error: refused, reading: await readMiniwobPage(live, deadline) };
    });
    episode.reading = reading;
    return error;
  }

  /**
   * Run `work` on the page within a fresh {@link PageDeadline}. Past it (`PAGE_NOT_SETTLED`)
   * the page may still be busy with what was cut short — an action half typed, timers half
   * run — so the browser is closed: the next reset starts a new one, and nothing of the old
   * page can reach the next episode.
   */
  private async onPage<T>(work: (live: MiniwobPage, deadline: PageDeadline) => Promise<T>): Promise<T> {
    const deadline = new PageDeadline(this.pageDeadlineMs);
    try {
      return await work(await deadline.within(this.browser.page(), "start Chromium"), deadline);
    } catch (error) {
      if (isEnvriggerError(error, "PAGE_NOT_SETTLED")) await this.browser.close();
      throw error;
    }
  }

  private observationOf(episode: MiniwobEpisode): Observation {
    const { utterance, elements } = episode.reading;
    const episodeOver = episode.reading.done === true;
    return {
      text: renderDomView({ utterance, elements, error: episode.lastError, episodeOver }, this.observationBudget),
      data: structuredClone({ utterance, elements, isError: episode.lastError !== null, episodeOver }) as JsonObject,
    };
  }

  private assertOpen(): void {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", "the miniwob env is closed; create a new one");
  }

  private live(): MiniwobEpisode {
    this.assertOpen();
    if (!this.episode)
      throw new EnvriggerError("EPISODE_NOT_STARTED", "no miniwob episode yet; call reset({taskId, seed}) first");
    return this.episode;
  }
}
