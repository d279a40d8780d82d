import type { Action, ActionInput } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { EnvriggerError } from "../../core/errors.js";
import { readResetOptions } from "../../core/read-reset-options.js";
import type { Evaluation } from "../../core/evaluation.js";
import type { Json, JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import type { ResetResult, StepResult } from "../../core/step-result.js";
import type { ResetOptions, Split, TaskInfo } from "../../core/task.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { parseWith } from "../../core/validate.js";
import { createFraction } from "./fraction.js";
import { parseToy24Text } from "./parse-toy24-text.js";
import type { Toy24TaskCatalog } from "./toy24-task-catalog.js";
import { Toy24Episode, type BoardNumber } from "./toy24-episode.js";
import { toy24Observation, toy24SubmissionNotice } from "./toy24-observation.js";
import { toy24SavedStateSchema, type Toy24SavedState } from "./toy24-saved-state.js";
import { toy24StateSchemaText } from "./toy24-state-schema-text.js";
import { toy24Tools } from "./toy24-tools.js";
import { toy24CandidateActions } from "./toy24-candidate-actions.js";

/** The default turn budget of an episode. */
export const TOY24_DEFAULT_MAX_TURNS = 12;

/**
 * The Game of 24 on the Tree-of-Thoughts puzzles (see `toy24-observation.ts` for what the
 * agent sees, `parse-toy24-text.ts` for the text grammar, `toy24-tools.ts` for the tools).
 *
 * - Every call spends a turn, refused ones too (bad index, `i == j`, unknown op, division by
 *   zero, unknown tool, extra arguments, malformed text): those change nothing and answer an
 *   `Error: …` observation with the reason in `info.actionError`.
 * - `submit` ends the episode (`terminated`, stop `submit`), reward 1 when solved, else 0.
 *   Running out of `maxTurns` ends it as `truncated` with stop `budget`, reward 0.
 * - `evaluate()` judges the board: success exactly when one number is left and it is 24 — so
 *   a submission that still holds unused numbers fails. Being a board verdict, a Setup that
 *   replays a full solution is seen as pre-solving.
 * - `info` of a step: `stop`, `turns`, `actionError` (string or null), `success` (the
 *   verdict on the board after the step).
 * - `notifyReplayComplete()` sets the turn counter to 0 (the board and history stay).
 */
export class Toy24Env implements ActionableEnv {
  readonly id = "toy24";
  private episode: Toy24Episode | null = null;
  private closed = false;
  private readonly maxTurns: number;

  /** An env over `catalog`'s puzzles; `maxTurns` (default 12) must be a positive integer, else `BAD_CONFIG`. */
  constructor(
    private readonly catalog: Toy24TaskCatalog,
    options: { maxTurns?: number } = {},
  ) {
    this.maxTurns = options.maxTurns ?? TOY24_DEFAULT_MAX_TURNS;
    if (!Number.isSafeInteger(this.maxTurns) || this.maxTurns < 1) {
      throw new EnvriggerError("BAD_CONFIG", `toy24 maxTurns must be a positive integer, got ${this.maxTurns}`);
    }
  }

  /** A base env: its id. */
  describe(): string {
    return this.id;
  }

  async tools(): Promise<ToolSpec[]> {
    this.assertOpen();
    return toy24Tools();
  }

  async listTasks(split: Split): Promise<TaskInfo[]> {
    this.assertOpen();
    return this.catalog.listTasks(split);
  }

  async reset(options: ResetOptions): Promise<ResetResult> {
    this.assertOpen();
    const { taskId, seed } = readResetOptions(options);
    this.episode = this.newEpisode(taskId, seed, this.maxTurns);
    return { observation: toy24Observation(this.episode), info: { taskId, maxTurns: this.maxTurns } };
  }

  /** The calls worth considering after `observation` (see {@link toy24CandidateActions}). */
  async candidateActions(observation: Observation): Promise<ActionInput[] | null> {
    this.assertOpen();
    return toy24CandidateActions(observation);
  }

  /** The Game-of-24 text grammar (see {@link parseToy24Text}). */
  parseText(text: string): Action | null {
    return parseToy24Text(text);
  }

  async step(input: ActionInput): Promise<StepResult> {
    const episode = this.live();
    if (episode.done) throw new EnvriggerError("EPISODE_OVER", `the episode is over (${episode.stop}); call reset()`);
    episode.turns += 1;
    const action = typeof input === "string" ? parseToy24Text(input) : input;
    let error: string | null = null;
    let notice: string | null = null;
    if (action === null) {
      error = `malformed action ${JSON.stringify(String(input).slice(0, 80))}; expected "combine <i> <j> <op>", "undo", "reset" or "submit"`;
    } else if (typeof action.args !== "object" || action.args === null || Array.isArray(action.args)) {
      error = "malformed action: expected {name, args} with an args object";
    } else if (action.name === "combine") {
      error = episode.combine(action.args);
    } else if (action.name === "undo") {
      error = unexpectedArguments(action) ?? episode.undo();
    } else if (action.name === "reset") {
      error = unexpectedArguments(action);
      if (error === null) episode.restart();
    } else if (action.name === "submit") {
      error = unexpectedArguments(action);
      if (error === null) {
        episode.submit();
        notice = toy24SubmissionNotice(episode.board, episode.solved());
      }
    } else {
      error = `unknown tool ${JSON.stringify(String(action.name).slice(0, 40))}; the tools are combine, undo, reset and submit`;
    }
    if (error !== null) notice = `Error: ${error}`;
    const terminated = episode.submitted;
    const truncated = !terminated && episode.turns >= episode.maxTurns;
    if (truncated) {
      episode.stop = "budget";
      notice = notice === null ? "Out of turns: the episode is over." : `${notice}\nOut of turns: the episode is over.`;
    }
    const success = episode.solved();
    return {
      observation: toy24Observation(episode, notice),
      reward: terminated && success ? 1 : 0,
      terminated,
      truncated,
      info: { stop: episode.stop, turns: episode.turns, actionError: error, success },
    };
  }

  async observe(): Promise<Observation> {
    return toy24Observation(this.live());
  }

  async evaluate(): Promise<Evaluation> {
    const episode = this.live();
    const success = episode.solved();
    return {
      success,
      score: success ? 1 : 0,
      metrics: {
        submitted: episode.submitted,
        numbersLeft: episode.board.length,
        value: episode.board.length === 1 ? episode.board[0].label : null,
        combinations: episode.history.length,
        turns: episode.turns,
      },
    };
  }

  async stateView(): Promise<JsonObject> {
    const episode = this.live();
    return {
      startNumbers: episode.start.map((number) => number.label),
      numbers: episode.board.map((number) => number.label),
      history: episode.history.map((combination) => ({ ...combination })),
      turns: episode.turns,
      maxTurns: episode.maxTurns,
      submitted: episode.submitted,
    };
  }

  stateSchema(): string {
    return toy24StateSchemaText;
  }

  async saveState(): Promise<Json> {
    const episode = this.live();
    const saved: Toy24SavedState = {
      format: "toy24-episode/1",
      taskId: episode.taskId,
      seed: episode.seed,
      maxTurns: episode.maxTurns,
      combinations: episode.history.map(({ i, j, op }) => ({ i, j, op })),
      turns: episode.turns,
      submitted: episode.submitted,
      stop: episode.stop,
    };
    return saved;
  }

  /** Continue a saved episode (its own `maxTurns` included); a state that does not replay throws `BAD_ARGUMENT`. */
  async restoreState(state: Json): Promise<void> {
    this.assertOpen();
    const saved = parseWith(toy24SavedStateSchema, state, "saved toy24 episode", "BAD_ARGUMENT");
    const episode = this.newEpisode(saved.taskId, saved.seed, saved.maxTurns);
    for (const combination of saved.combinations) {
      const error = episode.combine({ ...combination });
      if (error !== null) throw new EnvriggerError("BAD_ARGUMENT", `saved toy24 episode does not replay: ${error}`);
    }
    episode.turns = saved.turns;
    episode.submitted = saved.submitted;
    episode.stop = saved.stop;
    this.episode = episode;
  }

  async notifyReplayComplete(): Promise<void> {
    this.live().turns = 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.episode = null;
  }

  private newEpisode(taskId: string, seed: number, maxTurns: number): Toy24Episode {
    const start: BoardNumber[] = this.catalog
      .puzzle(taskId)
      .numbers.map((number) => ({ value: createFraction(number), label: String(number) }));
    return new Toy24Episode(taskId, seed, start, maxTurns);
  }

  private assertOpen(): void {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", "the toy24 env is closed; create a new one");
  }

  private live(): Toy24Episode {
    this.assertOpen();
    if (!this.episode)
      throw new EnvriggerError("EPISODE_NOT_STARTED", "no toy24 episode yet; call reset({taskId, seed}) first");
    return this.episode;
  }
}

function unexpectedArguments(action: Action): string | null {
  for (const key in action.args) return `${action.name} takes no arguments; unexpected "${key}"`;
  return null;
}
