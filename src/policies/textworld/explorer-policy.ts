import type { ActionInput } from "../../core/action.js";
import type { Policy, PolicyInput } from "../../core/policy.js";
import { looksRefused } from "./looks-refused.js";
import { readRoomText } from "./read-room-text.js";

/** What the explorer remembers of a room: things and exits seen there, commands tried there. */
interface RoomMemory {
  things: Set<string>;
  closed: Set<string>;
  locked: Set<string>;
  exits: Set<string>;
  tried: Set<string>;
}

/** The room an observation is in: the status line's room, else a `-= Room =-` heading, else the last known one. */
function roomOf(input: PolicyInput, previous: string): string {
  const room = input.observation.data?.room;
  if (typeof room === "string" && room.length > 0) return room;
  return /^-= (.+) =-$/m.exec(input.observation.text)?.[1] ?? previous;
}

/**
 * `explorer`: a breadth-first text explorer with no game metadata. It skims every answer
 * for things and exits (see `readRoomText`) and remembers them per room; in each room it
 * first tries what it has not tried there — unlock locked things with what it carries, take
 * or open what the last answer revealed, open the things that look closed, open and take
 * the rest — then leaves by an exit it has not taken from that room, then puts what it
 * carries on the things there, and once everything is tried wanders through a random known
 * exit (seeded rng). It never eats anything. Success comes from stumbling on the quests:
 * early sub-goals often, whole games rarely.
 */
export function createExplorerPolicy(): Policy {
  const rooms = new Map<string, RoomMemory>();
  const carried = new Set<string>();
  let room = "";
  let last: string | null = null;
  const memory = (name: string): RoomMemory => {
    let known = rooms.get(name);
    if (!known) {
      known = { things: new Set(), closed: new Set(), locked: new Set(), exits: new Set(), tried: new Set() };
      rooms.set(name, known);
    }
    return known;
  };
  return {
    name: "explorer",
    act(input: PolicyInput): ActionInput {
      if (input.history.length === 0) {
        rooms.clear();
        carried.clear();
        room = "";
        last = null;
      }
      const answer = input.observation.text;
      const previous = memory(room);
      // Learn from the answer to the last command, in the room where it was typed.
      if (last !== null) {
        const taken = /^take (.+?)(?: from .+)?$/.exec(last);
        if (taken && /\b(?:you take|you pick up|taken)\b/i.test(answer)) carried.add(taken[1]);
        const opened = /^open (.+)$/.exec(last)?.[1];
        if (opened && /\b(?:locked|unlock)\b/i.test(answer)) previous.locked.add(opened);
        const unlocked = /^unlock (.+?) with /.exec(last)?.[1];
        if (unlocked && !looksRefused(answer)) {
          previous.locked.delete(unlocked);
          previous.tried.delete(`open ${unlocked}`);
        }
      }
      room = roomOf(input, room);
      const here = memory(room);
      const reading = readRoomText(answer);
      // Things this answer names for the first time here (what an opened container revealed) come first.
      const fresh = reading.things.filter(
        (thing) => !here.things.has(thing) && !carried.has(thing) && thing !== room.toLowerCase(),
      );
      for (const thing of fresh) here.things.add(thing);
      for (const thing of reading.closedThings) here.closed.add(thing);
      for (const exit of reading.exits) here.exits.add(exit);
      const interactions: string[] = [];
      for (const thing of here.locked) for (const item of carried) interactions.push(`unlock ${thing} with ${item}`);
      for (const thing of fresh) interactions.push(`take ${thing}`, `open ${thing}`);
      for (const thing of here.closed) interactions.push(`open ${thing}`);
      for (const thing of here.things) interactions.push(`open ${thing}`, `take ${thing}`);
      const puts: string[] = [];
      for (const item of carried) for (const thing of here.things) puts.push(`put ${item} on ${thing}`);
      const untried = (commands: string[]) => commands.find((command) => !here.tried.has(command));
      const exits = [...here.exits];
      const newExit = exits.find((exit) => !here.tried.has(`go ${exit}`));
      const wander = `go ${exits.length > 0 ? input.random.pick(exits) : input.random.pick(["north", "south", "east", "west"])}`;
      const command =
        untried(interactions) ?? (newExit === undefined ? undefined : `go ${newExit}`) ?? untried(puts) ?? wander;
      here.tried.add(command);
      last = command;
      return command;
    },
  };
}
