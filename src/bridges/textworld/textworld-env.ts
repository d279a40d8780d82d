import type { Action, ActionInput } from "../../core/action.js";
import type { ActionableEnv } from "../../core/actionable-env.js";
import { EnvriggerError, errorMessage } from "../../core/errors.js";
import { readResetOptions } from "../../core/read-reset-options.js";
import type { Evaluation } from "../../core/evaluation.js";
import type { Json, JsonObject } from "../../core/json.js";
import type { Observation } from "../../core/observation.js";
import { createRng, deriveSeed } from "../../core/seeding.js";
import type { ResetResult, StepResult } from "../../core/step-result.js";
import type { ResetOptions, Split, TaskInfo } from "../../core/task.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { parseWith } from "../../core/validate.js";
import { parseCommandText, readCommand } from "./read-command.js";
import { textworldCandidateCommands } from "./textworld-candidate-commands.js";
import { TextWorldEpisode } from "./textworld-episode.js";
import { textWorldObservation } from "./textworld-observation.js";
import type { StoryOpenings } from "./story-openings.js";
import { textWorldSavedStateSchema, type TextWorldSavedState } from "./textworld-saved-state.js";
import { textWorldStateSchemaText } from "./textworld-state-schema-text.js";
import type { TextWorldTask } from "./textworld-task.js";
import type { TextWorldTaskCatalog } from "./textworld-task-catalog.js";
import { textWorldTools } from "./textworld-tools.js";
import { isStageMoveCall, readStageMove, STAGE_FLOOR, stageMoveTool, type StageMove } from "./stage-move.js";
import { ZMachineSession } from "./z-machine-session.js";
import type { ZMachineSnapshot } from "./z-machine-snapshot.js";

/** The default observation budget (characters of game text per observation). */
export const TEXTWORLD_DEFAULT_OBSERVATION_BUDGET = 4000;

/** Options of {@link TextWorldEnv}. */
export interface TextWorldEnvOptions {
  /** Override every task's turn budget. */
  maxTurns?: number;
  /** Characters of game text per observation (default 4000). */
  observationBudget?: number;
}

/** The interpreter's RNG seed for an episode seed (non-zero: Xorshift's zero state is not random). */
function interpreterSeed(seed: number): number {
  return deriveSeed(seed, "z-machine") | 0 || 1;
}

/**
 * Text adventures — TextWorld games (the engine under ALFWorld) and Zork I — played
 * in-process by `ifvms`' Z-machine through a headless Glk (see `z-machine-session.ts`).
 *
 * - One tool, `command(text)`; any non-empty line of raw text is that call. Every call costs
 *   a turn. Empty, multi-line or over-long texts and other tools are action errors (the game
 *   is not touched); unknown verbs are not — the game's parser answers them.
 * - A staging tool, `stage_move({thing, to, probability?})` (see `stage-move.ts`): checked
 *   when called (a thing or place the starting room does not have is an action error), it
 *   is made in {@link notifyReplayComplete} — so only a Setup's replay makes it — as an edit
 *   of the game's object tree, in the fraction `probability` of episodes.
 * - Reset: a story's opening is played once (RNG seed fixed) and snapshotted (see
 *   {@link StoryOpenings}); every episode resumes that snapshot with the interpreter RNG
 *   seeded from the episode seed — in the last episode's game, rewound in place
 *   (`ZMachineSession.rewind`), where it still waits for a line in the same story, else in a
 *   new session of its own.
 * - Verifier, read from the game's output inside the bridge: a `win` task succeeds on
 *   TextWorld's `*** The End ***`; a `score` task (quest sub-goals, Zork milestones) on the
 *   first turn the game's score reaches the target. Either ends the episode (`terminated`,
 *   stop `goal`); so does the game ending without it (stop `game-over`). Out of turns:
 *   `truncated`, stop `budget`. Reward: the game's score change on the step.
 * - `info`: `stop`, `turns`, `actionError` (string or null), `score`, `moves`, `success`.
 * - Save/restore: the interpreter's autosave snapshot plus the counters; a restored episode
 *   continues exactly as the uninterrupted one. `notifyReplayComplete()` zeroes the turns.
 * - Each env has its own game session; envs share only immutable story data, openings and
 *   compiled routines, so episodes of different envs never disturb each other.
 */
export class TextWorldEnv implements ActionableEnv {
  readonly id = "textworld";
  private episode: TextWorldEpisode | null = null;
  private closed = false;
  private readonly observationBudget: number;
  private readonly stageTool: ToolSpec | null;

  /** An env over `catalog`'s tasks, starting games from `openings`; bad options throw `BAD_CONFIG`. */
  constructor(
    private readonly catalog: TextWorldTaskCatalog,
    private readonly openings: StoryOpenings,
    private readonly options: TextWorldEnvOptions = {},
  ) {
    this.observationBudget = options.observationBudget ?? TEXTWORLD_DEFAULT_OBSERVATION_BUDGET;
    this.stageTool = stageMoveTool(catalog.tasks.map((task) => task.stage));
    for (const [name, value, minimum] of [
      ["maxTurns", options.maxTurns, 1],
      ["observationBudget", this.observationBudget, 200],
    ] as const) {
      if (value !== undefined && (!Number.isSafeInteger(value) || value < minimum)) {
        throw new EnvriggerError(
          "BAD_CONFIG",
          `textworld ${name} must be an integer of at least ${minimum}, got ${value}`,
        );
      }
    }
  }

  /** A base env: its id. */
  describe(): string {
    return this.id;
  }

  async tools(): Promise<ToolSpec[]> {
    this.assertOpen();
    return this.stageTool === null ? textWorldTools() : [...textWorldTools(), structuredClone(this.stageTool)];
  }

  async listTasks(split: Split): Promise<TaskInfo[]> {
    this.assertOpen();
    return this.catalog.listTasks(split);
  }

  async reset(options: ResetOptions): Promise<ResetResult> {
    this.assertOpen();
    const { taskId, seed } = readResetOptions(options);
    const task = this.catalog.task(taskId);
    const opening = await this.openings.opening(task.storyFile);
    // The last episode's game, rewound in place when it can be (a fraction of a turn), else a new session.
    const last = this.episode?.session;
    const session =
      last && this.episode?.task.storyFile === task.storyFile && last.rewind(opening.snapshot, interpreterSeed(seed))
        ? last
        : await this.resume(task, opening.snapshot, seed);
    session.reseed(interpreterSeed(seed));
    this.episode = new TextWorldEpisode(task, seed, this.options.maxTurns ?? task.maxTurns, session);
    this.episode.absorb(opening.output, null);
    return {
      observation: this.observationOf(this.episode),
      info: { taskId, maxTurns: this.episode.maxTurns, game: task.game, goal: task.goalText },
    };
  }

  /**
   * The commands a policy that picks among candidates considers after `observation`: the
   * game's command templates filled with the things the observation names, the moves, `look`
   * and `inventory` (see {@link textworldCandidateCommands}); null for a game without a
   * vocabulary (Zork I) or before a reset. Never `stage_move`, which only a Setup may call.
   */
  async candidateActions(observation: Observation): Promise<ActionInput[] | null> {
    this.assertOpen();
    const vocabulary = this.episode?.task.vocabulary;
    return vocabulary ? textworldCandidateCommands(vocabulary, observation.text, this.episode?.commands) : null;
  }

  /** The text grammar: any non-empty single line is `command(text)`. */
  parseText(text: string): Action | null {
    return parseCommandText(text);
  }

  async step(input: ActionInput): Promise<StepResult> {
    const episode = this.live();
    if (episode.stop !== null)
      throw new EnvriggerError("EPISODE_OVER", `the episode is over (${episode.stop}); call reset()`);
    episode.turns += 1;
    if (isStageMoveCall(input)) return this.stage(episode, input);
    const reading = readCommand(input);
    const actionError = "error" in reading ? reading.error : null;
    let reward = 0;
    if ("command" in reading) reward = episode.play(reading.command);
    else episode.text = `Error: ${reading.error}`;
    return this.afterTurn(episode, reward, actionError);
  }

  /**
   * A `stage_move` call: checked against the task's starting room and held until the Setup's
   * replay completes ({@link notifyReplayComplete} makes the move); it costs a turn like any
   * call. A refused move is an action error (so a Setup holding it is invalid).
   */
  private async stage(episode: TextWorldEpisode, input: ActionInput): Promise<StepResult> {
    const move = readStageMove(input, episode.task.stage);
    const objects =
      "error" in move ? move : await this.openings.stageMoveObjects(episode.task.storyFile, episode.task.stage, move);
    if ("error" in objects) {
      episode.text = `Error: ${objects.error}`;
      return this.afterTurn(episode, 0, objects.error);
    }
    const { thing, to, probability } = move as StageMove;
    episode.staged.push({ ...objects, probability });
    const result = this.afterTurn(episode, 0, null);
    const where = to === STAGE_FLOOR ? "onto the floor" : `to the ${to}`;
    result.observation = {
      ...result.observation,
      text: `Staged: the ${thing} is moved ${where} when the Setup's replay completes${probability < 1 ? ` (in ${probability} of episodes)` : ""}.`,
    };
    return result;
  }

  /** End the turn: the verdict, the budget, the step result. */
  private afterTurn(episode: TextWorldEpisode, reward: number, actionError: string | null): StepResult {
    const terminated = episode.goalReached || episode.gameOver;
    const truncated = !terminated && episode.turns >= episode.maxTurns;
    if (terminated) episode.finish(episode.goalReached ? "goal" : "game-over");
    else if (truncated) episode.finish("budget");
    return {
      observation: this.observationOf(episode),
      reward,
      terminated,
      truncated,
      info: {
        stop: episode.stop,
        turns: episode.turns,
        actionError,
        score: episode.score,
        moves: episode.moves,
        success: episode.goalReached,
      },
    };
  }

  async observe(): Promise<Observation> {
    return this.observationOf(this.live());
  }

  async evaluate(): Promise<Evaluation> {
    const episode = this.live();
    const goal = episode.task.goal;
    const target = goal.kind === "win" ? episode.task.maxScore : goal.atLeast;
    const progress = episode.score === null ? 0 : Math.min(1, Math.max(0, episode.score / target));
    return {
      success: episode.goalReached,
      score: episode.goalReached ? 1 : progress,
      metrics: {
        score: episode.score,
        maxScore: episode.task.maxScore,
        targetScore: target,
        won: episode.won,
        lost: episode.lost,
        gameOver: episode.gameOver,
        moves: episode.moves,
        turns: episode.turns,
      },
    };
  }

  async stateView(): Promise<JsonObject> {
    const episode = this.live();
    return {
      game: episode.task.game,
      goal: episode.task.goalText,
      room: episode.room,
      score: episode.score,
      maxScore: episode.task.maxScore,
      moves: episode.moves,
      turns: episode.turns,
      maxTurns: episode.maxTurns,
      inventory: episode.inventory,
      lastCommands: episode.commands.slice(-10),
      gameOver: episode.gameOver,
      won: episode.won,
      lost: episode.lost,
    };
  }

  stateSchema(): string {
    return textWorldStateSchemaText;
  }

  async saveState(): Promise<Json> {
    const episode = this.live();
    const saved: TextWorldSavedState = {
      format: "textworld-episode/1",
      taskId: episode.task.id,
      seed: episode.seed,
      maxTurns: episode.maxTurns,
      ...episode.counters(),
      staged: structuredClone(episode.staged),
      snapshot: episode.session === null ? null : episode.session.snapshot(),
    };
    return saved;
  }

  /** Continue a saved episode (its own `maxTurns` included); a state that does not parse or resume throws `BAD_ARGUMENT`. */
  async restoreState(state: Json): Promise<void> {
    this.assertOpen();
    const saved = parseWith(textWorldSavedStateSchema, state, "saved textworld episode", "BAD_ARGUMENT");
    const task = this.catalog.task(saved.taskId);
    let session: ZMachineSession | null = null;
    if (saved.snapshot !== null) {
      try {
        session = await this.resume(task, saved.snapshot, saved.seed);
      } catch (error) {
        throw new EnvriggerError(
          "BAD_ARGUMENT",
          `the saved game of ${task.id} does not resume: ${errorMessage(error)}`,
          { cause: error },
        );
      }
    }
    const { format: _format, taskId: _taskId, seed, maxTurns, snapshot: _snapshot, staged, ...counters } = saved;
    const episode = new TextWorldEpisode(task, seed, maxTurns, session);
    episode.setCounters(counters);
    episode.staged = structuredClone(staged);
    this.episode = episode;
  }

  /**
   * The Setup's replay is over: zero the turns, and make the staged moves — each in the
   * fraction `probability` of episodes (a draw from the episode seed, so the same episode
   * always gets the same start), as an edit of the game's object tree between turns.
   */
  async notifyReplayComplete(): Promise<void> {
    const episode = this.live();
    episode.turns = 0;
    const staged = episode.staged;
    episode.staged = [];
    staged.forEach((move, index) => {
      if (createRng(deriveSeed(episode.seed, "stage-move", index)).next() < move.probability)
        episode.session?.moveObject(move.object, move.destination);
    });
  }

  /** Drop the episode and its game (nothing runs outside this thread). */
  async close(): Promise<void> {
    this.closed = true;
    this.episode = null;
  }

  private observationOf(episode: TextWorldEpisode): Observation {
    return textWorldObservation(episode, this.observationBudget);
  }

  /** A session resuming `snapshot` with the RNG pinned to the episode's interpreter seed. */
  private async resume(task: TextWorldTask, snapshot: ZMachineSnapshot, seed: number): Promise<ZMachineSession> {
    const story = await this.openings.story(task.storyFile);
    return ZMachineSession.start({
      story,
      seed: interpreterSeed(seed),
      compiledRoutines: this.openings.compiledRoutines(task.storyFile, story),
      snapshot,
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new EnvriggerError("ENV_CLOSED", "the textworld env is closed; create a new one");
  }

  private live(): TextWorldEpisode {
    this.assertOpen();
    if (!this.episode)
      throw new EnvriggerError("EPISODE_NOT_STARTED", "no textworld episode yet; call reset({taskId, seed}) first");
    return this.episode;
  }
}
