import type { ActionInput } from "../../core/action.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import type { StageLayout } from "./stage-layout.js";
import type { ZMachineSession } from "./z-machine-session.js";

/** The staging tool of the `textworld` env (its name starts with `stage`: a Setup-only tool, see docs/plugins.md). */
export const STAGE_MOVE_TOOL = "stage_move";

/** The destination that means the starting room's floor. */
export const STAGE_FLOOR = "floor";

/** A requested move: a thing of the starting room to a place there, in a fraction of episodes. */
export interface StageMove {
  thing: string;
  to: string;
  /** The fraction of episodes the move is made in (decided per episode from its seed). */
  probability: number;
}

/**
 * The `stage_move` tool, its enumerations the things and places of every game's starting
 * room (see {@link StageLayout}); `null` when no game has any.
 */
export function stageMoveTool(layouts: readonly StageLayout[]): ToolSpec | null {
  const things = [...new Set(layouts.flatMap((layout) => layout.things.map((thing) => thing.name)))].sort();
  const places = [...new Set(layouts.flatMap((layout) => layout.places.map((place) => place.name)))].sort();
  if (things.length === 0) return null;
  return {
    name: STAGE_MOVE_TOOL,
    description:
      "Setup only: before the game starts, move a thing of the starting room into or onto another container or supporter there, or onto its floor, " +
      "without the game noticing (no turn passes, no rule fires, the opening text stays as it was). It takes effect when a Setup's replay completes, " +
      "in a fraction `probability` of episodes (default 1, decided from the episode seed); typed by a player during the game it changes nothing.",
    inputSchema: {
      type: "object",
      properties: {
        thing: { type: "string", enum: things, description: "what to move: a portable thing of the starting room" },
        to: {
          type: "string",
          enum: [...places, STAGE_FLOOR],
          description: `where to: a container or supporter of the starting room, or "${STAGE_FLOOR}"`,
        },
        probability: {
          type: "number",
          minimum: 0,
          maximum: 1,
          description: "the fraction of episodes the move is made in (default 1)",
        },
      },
      required: ["thing", "to"],
      additionalProperties: false,
    },
  };
}

/** True when the action calls the staging tool. */
export function isStageMoveCall(input: ActionInput): boolean {
  return typeof input === "object" && input !== null && input.name === STAGE_MOVE_TOOL;
}

/** Read a `stage_move` call against the task's layout: the move, or why it cannot be staged. */
export function readStageMove(input: ActionInput, layout: StageLayout): StageMove | { error: string } {
  if (
    typeof input !== "object" ||
    input === null ||
    typeof input.args !== "object" ||
    input.args === null ||
    Array.isArray(input.args)
  ) {
    return { error: 'malformed stage_move: expected {name: "stage_move", args: {thing, to, probability?}}' };
  }
  const { thing, to, probability = 1, ...extra } = input.args as Record<string, unknown>;
  if (Object.keys(extra).length > 0)
    return { error: `stage_move takes thing, to and probability; unexpected ${Object.keys(extra).join(", ")}` };
  if (typeof thing !== "string" || typeof to !== "string") return { error: "stage_move needs thing and to as strings" };
  if (typeof probability !== "number" || !(probability >= 0 && probability <= 1))
    return { error: `stage_move probability must be a number in [0, 1], got ${String(probability)}` };
  const known = layout.things.find((entry) => entry.name === thing);
  if (!known) {
    const names = layout.things.map((entry) => entry.name);
    return {
      error: `"${thing}" is not a portable thing of this game's starting room${names.length > 0 ? ` (${names.join(", ")})` : " (this game has none)"}`,
    };
  }
  if (to !== STAGE_FLOOR && !layout.places.some((place) => place.name === to)) {
    return {
      error: `"${to}" is not a container or supporter of this game's starting room (${[...layout.places.map((place) => place.name), STAGE_FLOOR].join(", ")})`,
    };
  }
  if (to === (known.holder ?? STAGE_FLOOR))
    return { error: `the ${thing} already is ${to === STAGE_FLOOR ? "on the floor" : `in or on the ${to}`}` };
  return { thing, to, probability };
}

/** The ordinary commands that carry out a move in the game (used once, in a scratch game, to find the objects). */
export function stageCommands(layout: StageLayout, move: Pick<StageMove, "thing" | "to">): string[] {
  const thing = layout.things.find((entry) => entry.name === move.thing)!;
  const commands: string[] = [];
  const holder = layout.places.find((place) => place.name === thing.holder);
  if (holder?.closed) commands.push(`open ${holder.name}`);
  commands.push(holder ? `take ${thing.name} from ${holder.name}` : `take ${thing.name}`);
  const destination = layout.places.find((place) => place.name === move.to);
  if (!destination) commands.push(`drop ${thing.name}`);
  else if (destination.kind === "supporter") commands.push(`put ${thing.name} on ${destination.name}`);
  else {
    if (destination.closed) commands.push(`open ${destination.name}`);
    commands.push(`insert ${thing.name} into ${destination.name}`);
  }
  return commands;
}

/** The objects of a move in the game's object tree. */
export interface StageObjects {
  object: number;
  destination: number;
}

/**
 * Find the objects of a move by playing it in a scratch game (started from the opening):
 * the object that the `take` command puts in the player's hands is the thing, and where the
 * last command leaves it is the destination. The episode itself then only gets the tree
 * edit ({@link ZMachineSession.moveObject}), so none of the game's rules (scores, quests,
 * turns) run. An error when the game does not carry out the commands as expected.
 */
export function findStageObjects(
  scratch: ZMachineSession,
  layout: StageLayout,
  move: Pick<StageMove, "thing" | "to">,
): StageObjects | { error: string } {
  const commands = stageCommands(layout, move);
  const takeIndex = commands.findIndex((command) => command.startsWith("take "));
  let object: number | null = null;
  let player = 0;
  let before = scratch.objectParents();
  for (const [index, command] of commands.entries()) {
    const output = scratch.send(command);
    if (!output.waiting) return { error: `the game ended while staging (${command})` };
    const after = scratch.objectParents();
    if (index === takeIndex) {
      const moved = after.flatMap((parent, candidate) =>
        candidate > 0 && parent !== before[candidate] ? [candidate] : [],
      );
      if (moved.length !== 1)
        return {
          error: `"${command}" did not pick up exactly one thing (the game answered: ${output.text.trim().slice(0, 120)})`,
        };
      object = moved[0]!;
      player = after[object]!;
    }
    before = after;
  }
  if (object === null) return { error: "no take command in the staging" };
  const destination = before[object]!;
  if (destination === player || destination === 0)
    return {
      error: `the game did not let the ${move.thing} be put ${move.to === STAGE_FLOOR ? "down" : `in or on the ${move.to}`}`,
    };
  return { object, destination };
}
