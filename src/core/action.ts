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

/** A short, readable rendering of an action input (for traces, prompts and tables). */
export function formatAction(action: ActionInput): string {
  if (typeof action === "string") return action;
  const args = Object.entries(action.args);
  if (args.length === 0) return `${action.name}()`;
  return `${action.name}(${args.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(", ")})`;
}
