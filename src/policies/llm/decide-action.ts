import type { ActionInput } from "../../core/action.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { truncateMiddle } from "../../llm/truncate-middle.js";
import type { AssistantTurn } from "./assistant-turn.js";
import type { LlmPolicyMode } from "./llm-policy-options.js";
import type { ChatReply } from "../../llm/chat-model.js";

/** What a reply amounted to: a call, a text answer, or one of the refused kinds. */
export type ReplyOutcome = "call" | "text" | "invalid-arguments" | "unknown-tool" | "empty";

/** The action a policy sends for a reply, and how the conversation remembers the turn. */
export interface PolicyDecision {
  action: ActionInput;
  turn: AssistantTurn;
  outcome: ReplyOutcome;
  /** Tool calls of the reply beyond the one executed (one call per turn). */
  extraToolCalls: number;
}

/** Where a reply is decided. */
export interface DecideActionContext {
  mode: LlmPolicyMode;
  /** The env's tools of this turn. */
  tools: ToolSpec[];
  /** The id given to a tool call the provider sent without one. */
  fallbackCallId: string;
}

const DESCRIPTION_CHARS = 400;

/**
 * Turn a model reply into the action of this turn. Never throws for a bad answer, since a
 * malformed call costs a turn and is counted instead:
 * - text mode: the raw text (the env parses its grammar); empty text → `""`;
 * - tools mode: the first call of a known tool → `{name, args}`; else a call of an unknown
 *   tool → that action (the env refuses it); else a call with malformed JSON arguments →
 *   the text `malformed tool call NAME: ARGUMENTS` (no grammar parses it); else text → the
 *   raw text (an env with a text grammar may still parse it); else `""` (empty answer).
 */
export function decideAction(reply: ChatReply, context: DecideActionContext): PolicyDecision {
  const callsMade = reply.toolCalls.length + reply.invalidToolCalls.length;
  const text = reply.text;
  const empty = (): PolicyDecision => ({
    action: "",
    turn: {
      kind: "refused",
      description: "(an empty answer)",
      note: `Your previous answer was empty. ${context.mode === "tools" ? "Call exactly one of the tools." : "Answer with exactly one call."}`,
    },
    outcome: "empty",
    extraToolCalls: 0,
  });
  if (context.mode === "text")
    return text.trim().length === 0
      ? empty()
      : { action: text, turn: { kind: "text", text }, outcome: "text", extraToolCalls: 0 };
  const known = new Set(context.tools.map((tool) => tool.name));
  const call = reply.toolCalls.find((candidate) => known.has(candidate.name));
  if (call) {
    const executed = { ...call, id: call.id || context.fallbackCallId };
    return {
      action: { name: call.name, args: call.args },
      turn: { kind: "call", call: executed },
      outcome: "call",
      extraToolCalls: callsMade - 1,
    };
  }
  const unknown = reply.toolCalls[0];
  if (unknown) {
    const description = `(a call of the unknown tool \`${unknown.name}\` with ${truncateMiddle(JSON.stringify(unknown.args), DESCRIPTION_CHARS)})`;
    const note = `Your previous answer called \`${unknown.name}\`, which is not one of the tools (${[...known].join(", ")}).`;
    return {
      action: { name: unknown.name, args: unknown.args },
      turn: { kind: "refused", description, note },
      outcome: "unknown-tool",
      extraToolCalls: callsMade - 1,
    };
  }
  const invalid = reply.invalidToolCalls[0];
  if (invalid) {
    const name = invalid.name || "(unnamed)";
    const description = `(a call of \`${name}\` with arguments that are not valid JSON: ${truncateMiddle(invalid.argumentsText, DESCRIPTION_CHARS)})`;
    const note = `Your previous answer was not a valid tool call: ${invalid.problem}. Call exactly one tool, with JSON arguments that match its schema.`;
    return {
      action: `malformed tool call ${name}: ${invalid.argumentsText}`,
      turn: { kind: "refused", description, note },
      outcome: "invalid-arguments",
      extraToolCalls: callsMade - 1,
    };
  }
  if (text.trim().length > 0) return { action: text, turn: { kind: "text", text }, outcome: "text", extraToolCalls: 0 };
  return empty();
}
