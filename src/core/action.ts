import { z } from "zod";
import { jsonObjectSchema } from "./json.js";

/** A tool call: the tool's name and its JSON arguments. */
export const actionSchema = z.object({
  name: z.string(),
  args: jsonObjectSchema,
});
export type Action = z.infer<typeof actionSchema>;

/**
 * What a policy may send to an environment: a structured {@link Action}, or raw text for
 * environments with a text grammar (a malformed text still costs a turn and is counted).
 */
export const actionInputSchema = z.union([actionSchema, z.string()]);
export type ActionInput = z.infer<typeof actionInputSchema>;

/**
 * Cheap structural guard for a structured action (`name` a string, `args` a plain object):
 * for env `step` hot paths, where running the zod schema per call would cost more than the
 * step. Argument values are the env's to check.
 */
export function isAction(input: unknown): input is Action {
  const candidate = input as Action | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    typeof candidate.name === "string" &&
    typeof candidate.args === "object" &&
    candidate.args !== null &&
    !Array.isArray(candidate.args)
  );
}

/** A short, readable rendering of an action input (for traces, prompts and tables). */
export function formatAction(action: ActionInput): string {
  if (typeof action === "string") return action;
  const args = Object.entries(action.args);
  if (args.length === 0) return `${action.name}()`;
  return `${action.name}(${args.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(", ")})`;
}
