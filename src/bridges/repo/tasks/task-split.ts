import { hashString } from "../../../core/seeding.js";
import type { Split } from "../../../core/task.js";

/** A task's split, from its id alone: about one task in five is held out. */
export function taskSplit(id: string): Split {
  return hashString(`split:${id}`) % 5 === 0 ? "heldout" : "train";
}
