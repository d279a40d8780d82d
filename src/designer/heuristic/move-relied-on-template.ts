import { z } from "zod";
import type { ActionInput } from "../../core/action.js";
import type { JsonObject } from "../../core/json.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import type { Trajectory } from "../../core/trajectory.js";
import { parseWith } from "../../core/validate.js";
import { isSuccess } from "../../rollout/summarize.js";
import type { CandidateLayer } from "../candidate.js";
import type { DesignContext } from "../designer.js";
import { bandMiddle } from "./baseline-distance.js";
import { percent } from "./episode-split.js";
import type { HarnessTemplate, TemplateInput, TemplatePlan } from "./harness-template.js";
import { roundMagnitude } from "./rules-snippets.js";

/**
 * A staging tool as the plugin contract describes it (docs/plugins.md, "Staging tools"): its name's
 * first word is `stage`; its first two required parameters are strings with an `enum` — what
 * to move and where to — and an optional `probability` number in [0, 1] is the fraction of
 * episodes the change is made in.
 */
export interface StagingTool {
  name: string;
  what: { parameter: string; values: string[] };
  where: { parameter: string; values: string[] };
  /** The name of the probability parameter, when the tool has one. */
  probability: string | null;
}

const propertySchema = z.looseObject({
  type: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
  maximum: z.number().optional(),
});
const inputSchemaSchema = z.looseObject({
  properties: z.record(z.string(), propertySchema).optional(),
  required: z.array(z.string()).optional(),
});

/** The tool read as a {@link StagingTool}, or `null` when it is not one. */
export function readStagingTool(tool: ToolSpec): StagingTool | null {
  if (tool.name.split(/[^A-Za-z0-9]+|(?=[A-Z])/)[0]?.toLowerCase() !== "stage") return null;
  const schema = inputSchemaSchema.safeParse(tool.inputSchema);
  if (!schema.success) return null;
  const properties = schema.data.properties ?? {};
  const enumerated = (schema.data.required ?? []).flatMap((parameter) => {
    const values = properties[parameter]?.enum;
    return properties[parameter]?.type === "string" &&
      values &&
      values.every((value) => typeof value === "string") &&
      values.length > 0
      ? [{ parameter, values: values as string[] }]
      : [];
  });
  if (enumerated.length < 2) return null;
  const probability =
    Object.entries(properties).find(
      ([parameter, property]) => parameter === "probability" && property.type === "number" && property.maximum === 1,
    )?.[0] ?? null;
  return { name: tool.name, what: enumerated[0]!, where: enumerated[1]!, probability };
}

/** The text of an action that reached the env: raw text, or the call's string arguments. */
function actionText(action: ActionInput | null): string {
  if (action === null) return "";
  if (typeof action === "string") return action.toLowerCase();
  return Object.values(action.args ?? {})
    .filter((value): value is string => typeof value === "string")
    .join(" ")
    .toLowerCase();
}

/** Whether `name` occurs in `text` as whole words. */
function mentions(text: string, name: string): boolean {
  const escaped = name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9])`).test(text);
}

/** A thing the policy's successful episodes rely on: named in their actions. */
interface ReliedOn {
  value: string;
  /** Successful episodes whose actions name it. */
  episodes: number;
  /** The mean turn of its first mention in them. */
  firstTurn: number;
}

/** The stageable things named in the actions of successful episodes, most relied on first. */
function reliedOn(successful: readonly Trajectory[], values: readonly string[]): ReliedOn[] {
  const found: ReliedOn[] = [];
  for (const value of values) {
    const turns = successful.flatMap((trajectory) => {
      const turn = trajectory.steps.findIndex((step) => mentions(actionText(step.envAction), value));
      return turn >= 0 ? [turn] : [];
    });
    if (turns.length > 0)
      found.push({
        value,
        episodes: turns.length,
        firstTurn: turns.reduce((sum, turn) => sum + turn, 0) / turns.length,
      });
  }
  return found.sort(
    (left, right) =>
      right.episodes - left.episodes || left.firstTurn - right.firstTurn || left.value.localeCompare(right.value),
  );
}

/**
 * Where to move things: places the policy saw at the start of its baseline episodes (so
 * they exist in this task) that no successful episode's actions name (so the plan never
 * passes there); failing those, places seen in any baseline observation and never named.
 */
function unusedPlaces(context: DesignContext, successful: readonly Trajectory[], values: readonly string[]): string[] {
  const used = (value: string) =>
    successful.some((trajectory) => trajectory.steps.some((step) => mentions(actionText(step.envAction), value)));
  const starts = context.baseline.trajectories
    .map((trajectory) => trajectory.initialObservation.text.toLowerCase())
    .join("\n");
  const seen = context.baseline.trajectories
    .flatMap((trajectory) => trajectory.steps.map((step) => step.observation.text.toLowerCase()))
    .join("\n");
  const unused = values.filter((value) => !used(value));
  const atStart = unused.filter((value) => mentions(starts, value));
  return atStart.length > 0 ? atStart : unused.filter((value) => mentions(seen, value));
}

const settingsSchema = z.object({
  tool: z.string().min(1),
  what: z.string().min(1),
  where: z.string().min(1),
  /** The name of the tool's probability parameter (not `probability`: that is the knob's own name in an attempt's parameters). */
  probabilityParameter: z.string().nullable(),
  /** The things to move, most relied on first, and the place each goes to. */
  moves: z.array(z.object({ thing: z.string(), to: z.string() })).min(1),
});

/** At most this many things are offered to a count knob (a tool without a probability). */
const MAX_MOVES = 3;

function plan({ context, diagnosis }: TemplateInput): TemplatePlan | null {
  if (diagnosis.direction !== "harder") return null;
  const tool = context.tools.map(readStagingTool).find((entry): entry is StagingTool => entry !== null);
  if (!tool) return null;
  const successful = context.baseline.trajectories.filter(isSuccess);
  if (successful.length === 0) return null;
  const things = reliedOn(successful, tool.what.values);
  const places = unusedPlaces(context, successful, tool.where.values);
  if (things.length === 0 || places.length === 0) return null;
  const moves = things
    .flatMap((thing) => {
      const to = places.find((place) => place !== thing.value);
      return to === undefined ? [] : [{ thing: thing.value, to }];
    })
    .slice(0, tool.probability ? 1 : MAX_MOVES);
  if (moves.length === 0) return null;
  const first = things.find((thing) => thing.value === moves[0]!.thing)!;
  const settings = {
    tool: tool.name,
    what: tool.what.parameter,
    where: tool.where.parameter,
    probabilityParameter: tool.probability,
    moves,
  };
  const success = context.baseline.stats.successRate;
  const because = `the successful baseline episodes rely on "${first.value}" (named in the actions of ${first.episodes} of ${successful.length}, first around turn ${Math.round(first.firstTurn)})`;
  if (tool.probability) {
    // Episodes with the move behave as if the plan failed (≈ 0 success); the rest like the baseline.
    const initial = success <= 0 ? 0.5 : Math.min(1, Math.max(0.05, (success - bandMiddle(context)) / success));
    return {
      template: "move-relied-on",
      settings,
      knob: { name: "probability", neutral: 0, strongest: 1, integer: false, harderWhen: "larger", mixture: true },
      initial,
      priority: 1.1,
      reason: `${because}; ${tool.name} moves it to "${moves[0]!.to}" (seen, never used by the plan) before the start in a fraction of episodes (first ${percent(initial)}), so there the recorded plan fails and only an adapted one wins`,
    };
  }
  return {
    template: "move-relied-on",
    settings,
    knob: { name: "count", neutral: 0, strongest: moves.length, integer: true, harderWhen: "larger" },
    initial: 1,
    priority: 1.1,
    reason: `${because}; ${tool.name} moves the things the plan relies on (${moves.map((move) => `"${move.thing}"`).join(", ")}) to a place it never uses before the start, so the recorded plan fails and only an adapted one wins`,
  };
}

/**
 * `move-relied-on`: the paper's Stage for plans — "move what the plan relies on, so the
 * recorded plan fails and an adapted one wins". From the env's staging tool (see
 * {@link readStagingTool}) it takes the things the successful baseline episodes name in
 * their actions, and a Setup moves the most relied-on one, before the policy starts, to a
 * place the policy saw but its plan never uses. The knob: the fraction of episodes the move
 * is made in (a mixture: success falls linearly towards what an unadapted plan manages),
 * or, for a tool without a probability, how many relied-on things are moved. Not
 * applicable to an env without a staging tool.
 */
export const moveReliedOnTemplate: HarnessTemplate = {
  id: "move-relied-on",
  summary: "move, before the start, the thing the successful plan relies on to a place the plan never uses",
  plan,
  build(settings: JsonObject, magnitude: number): CandidateLayer[] {
    const parsed = parseWith(settingsSchema, settings, "move-relied-on settings");
    const call = (move: { thing: string; to: string }, probability?: number) => ({
      name: parsed.tool,
      args: {
        [parsed.what]: move.thing,
        [parsed.where]: move.to,
        ...(probability === undefined || parsed.probabilityParameter === null
          ? {}
          : { [parsed.probabilityParameter]: probability }),
      },
    });
    if (parsed.probabilityParameter !== null) {
      const probability = Math.min(1, Math.max(0, roundMagnitude(magnitude)));
      return [{ kind: "setup", actions: [call(parsed.moves[0]!, probability)] }];
    }
    const count = Math.min(parsed.moves.length, Math.max(1, Math.round(magnitude)));
    return [{ kind: "setup", actions: parsed.moves.slice(0, count).map((move) => call(move)) }];
  },
};
