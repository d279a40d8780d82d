/*
 * What a hook may read of its inputs, as data: the static check computes it (see
 * `readHookInputs`), the sandbox copies in only those parts. Kept apart from the check so
 * the sandbox's run time never loads the TypeScript compiler.
 */

/**
 * Which parts of one hook input a hook may read: the keys it may touch (a subset of the
 * input's known keys, see {@link hookInputKeys}), or `null` when it may see the whole value
 * (it passes the value on, enumerates it, reads a key by a computed name or a key the
 * input does not have, or the hook's function cannot be found).
 */
export type InputKeys = readonly string[] | null;

/** What each parameter of each hook may read, in parameter order (the context last). */
export interface HookInputs {
  filterAction: [action: InputKeys, context: InputKeys];
  modifyTransition: [action: InputKeys, transition: InputKeys, context: InputKeys];
  filterObservation: [observation: InputKeys, context: InputKeys];
}

/** The known keys of each kind of hook input, in the order the sandbox builds them. */
export const hookInputKeys = {
  action: ["name", "args"],
  transition: ["observation", "reward", "terminated", "truncated", "info"],
  observation: ["text", "data"],
  context: ["state", "memory", "turn", "seed", "random"],
} as const;

/** Every input of every hook read as a whole (what nothing is known about). */
export const wholeHookInputs: HookInputs = {
  filterAction: [null, null],
  modifyTransition: [null, null, null],
  filterObservation: [null, null],
};
