import { type Hook, readComponent } from "./read-component.js";
import { type ActionForm, WHOLE } from "./group-inputs.js";
import { parse, stringify } from "./intrinsics.js";
import type { harden } from "./lockdown.js";

/*
 * In-isolate code: the members of a Rules group (see `group.ts`), one per loaded component,
 * innermost first — what each keeps between calls, how one is loaded, and how a host that
 * runs several sessions of one stack in this isolate takes their state out and puts it back.
 */

/** One component of the group. */
export interface Member {
  hooks: (Hook | undefined)[];
  usesState: boolean;
  memoryText: string;
  masks: number[][];
  lastAction: ActionForm | undefined;
}
/** The group's members, layer 0 innermost. */
export const members: Member[] = [];
const wholeMasks = [
  [WHOLE, WHOLE],
  [WHOLE, WHOLE, WHOLE],
  [WHOLE, WHOLE],
];
/** Load one more component (the next layer outwards): `{ok:true, hooks}` or a failure, as JSON. */
export const loadMember = (
  factory: (freeze: typeof harden) => unknown,
  usesState: unknown,
  masksText: unknown,
): string => {
  const read = readComponent(factory);
  if (typeof read === "string") return read;
  const masks = typeof masksText === "string" ? parse(masksText) : wholeMasks;
  members.push({ hooks: read[0], usesState: usesState === true, memoryText: "{}", masks, lastAction: undefined });
  return stringify({ ok: true, hooks: read[1] });
};
/** A layer's memory as JSON. */
export const memberMemory = (layer: number): string => members[layer].memoryText;
/**
 * What the members keep between calls — each one's memory text and the action it passed on
 * in the last `filterActions` — as JSON `[[memoryText, lastAction or null], …]`: a host
 * that runs several sessions of one stack in this isolate keeps one session's state while
 * another one's is in (see `restoreMembers`).
 */
export const saveMembers = (): string =>
  stringify(members.map((member) => [member.memoryText, member.lastAction === undefined ? null : member.lastAction]));
/** Put back what `saveMembers` answered; `""`: the state of members just loaded (memory `{}`, no last action). */
export const restoreMembers = (text: string): void => {
  const states = text === "" ? undefined : (parse(text) as [string, ActionForm | null][]);
  for (let layer = 0; layer < members.length; layer++) {
    const state = states === undefined ? undefined : states[layer];
    const member = members[layer];
    member.memoryText = state === undefined ? "{}" : state[0];
    member.lastAction = state === undefined || state[1] === null ? undefined : state[1];
  }
};
