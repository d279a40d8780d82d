import type { ActionInput } from "../core/action.js";
import type { Policy, PolicyInput } from "../core/policy.js";

/**
 * A test policy that plays a fixed list of actions (then repeats the last one), or a
 * function of its input. Records every input it was given.
 */
export class SequencePolicy implements Policy {
  readonly inputs: PolicyInput[] = [];

  constructor(
    private readonly actions: ActionInput[] | ((input: PolicyInput) => ActionInput),
    readonly name = "sequence",
  ) {}

  act(input: PolicyInput): ActionInput {
    this.inputs.push(input);
    if (typeof this.actions === "function") return this.actions(input);
    const action = this.actions[Math.min(input.turn, this.actions.length - 1)];
    if (action === undefined) throw new RangeError("SequencePolicy has no actions");
    return action;
  }
}
