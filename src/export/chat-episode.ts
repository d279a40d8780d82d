import { z } from "zod";
import { jsonSchema, type Json } from "../core/json.js";
import type { ToolSpec } from "../core/tool-spec.js";
import type { Trajectory } from "../core/trajectory.js";

/** An OpenAI-style chat message of an exported episode. */
export const chatMessageSchema = z.union([
  z.object({ role: z.enum(["system", "user"]), content: z.string() }),
  z.object({
    role: z.literal("assistant"),
    content: z.string().nullable(),
    tool_calls: z
      .array(
        z.object({
          id: z.string(),
          type: z.literal("function"),
          function: z.object({ name: z.string(), arguments: z.string() }),
        }),
      )
      .optional(),
  }),
  z.object({ role: z.literal("tool"), tool_call_id: z.string(), content: z.string() }),
]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** One line of `envrigger export --format chat-jsonl`. */
export const chatEpisodeSchema = z.object({
  messages: z.array(chatMessageSchema),
  /** The env's tools as OpenAI function tools. */
  tools: z.array(
    z.object({
      type: z.literal("function"),
      function: z.object({ name: z.string(), description: z.string(), parameters: jsonSchema }),
    }),
  ),
  reward: z.number(),
  success: z.boolean(),
  taskId: z.string(),
  stack: z.string(),
  seed: z.number().int().nonnegative(),
  stopReason: z.string(),
  policy: z.string(),
  /** Where the episode came from: a run's baseline or validation batch, or fresh rollouts. */
  source: z.enum(["baseline", "validation", "fresh"]),
});
export type ChatEpisode = z.infer<typeof chatEpisodeSchema>;

/** The system prompt of an exported episode: the task's instruction and the tools. */
export function chatSystemPrompt(instruction: string | undefined, tools: ToolSpec[], textGrammar: boolean): string {
  const lines = tools.map(
    (tool) => `- ${tool.name}: ${tool.description} Arguments (JSON Schema): ${JSON.stringify(tool.inputSchema)}`,
  );
  return [
    ...(instruction ? [instruction, ""] : []),
    "Tools:",
    ...lines,
    "",
    textGrammar
      ? "Act with one call per turn, written in the environment's text grammar."
      : "Act with one tool call per turn.",
  ].join("\n");
}

/**
 * An episode as an OpenAI-style chat: the system prompt (instruction and tools), the first
 * observation as the user's message, then per turn the policy's action — an assistant
 * message with one `tool_calls` entry for a structured action (answered by a `tool`
 * message with what the policy saw), or assistant text for a text-grammar action
 * (answered by a user message) — plus the episode's reward, success, task, stack, seed
 * and stop reason.
 */
export function chatEpisodeOf(
  trajectory: Trajectory,
  options: { instruction?: string; tools: ToolSpec[]; source: ChatEpisode["source"] },
): ChatEpisode {
  const textGrammar = trajectory.steps.some((step) => typeof step.policyAction === "string");
  const messages: ChatMessage[] = [
    { role: "system", content: chatSystemPrompt(options.instruction, options.tools, textGrammar) },
    { role: "user", content: trajectory.initialObservation.text },
  ];
  for (const step of trajectory.steps) {
    const action = step.policyAction;
    if (typeof action === "string") {
      messages.push({ role: "assistant", content: action });
      messages.push({ role: "user", content: step.observation.text });
      continue;
    }
    const id = `call_${step.turn}`;
    messages.push({
      role: "assistant",
      content: null,
      tool_calls: [{ id, type: "function", function: { name: action.name, arguments: JSON.stringify(action.args) } }],
    });
    messages.push({ role: "tool", tool_call_id: id, content: step.observation.text });
  }
  return {
    messages,
    tools: options.tools.map((tool) => ({
      type: "function" as const,
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema as Json },
    })),
    reward: trajectory.totalReward,
    success: trajectory.evaluation?.success ?? false,
    taskId: trajectory.taskId,
    stack: trajectory.stack,
    seed: trajectory.seed,
    stopReason: trajectory.stopReason,
    policy: trajectory.policy,
    source: options.source,
  };
}
