import { BaseChatModel, type BaseChatModelCallOptions } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { BindToolsInput } from "@langchain/core/language_models/chat_models";
import { EnvriggerError } from "../core/errors.js";

/** Token counts a scripted reply reports (default: about one token per four characters). */
export interface ScriptedUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * One scripted answer of a {@link ScriptedChatModel}:
 * - `tool-call`: a tool call with JSON arguments (`name` defaults to the first bound tool,
 *   so `withStructuredOutput(…, { method: "functionCalling" })` receives it); give another
 *   name to script a call to an unknown tool;
 * - `malformed-tool-call`: a tool call whose arguments text is not valid JSON;
 * - `text`: a plain text answer without tool calls (`""` is an empty output);
 * - `throw`: the provider fails with `error` (e.g. an `Error` with `status: 503`);
 * - `hang`: never answers (until the call's abort signal fires).
 */
export type ScriptedChatReply =
  | { kind: "tool-call"; args: Record<string, unknown>; name?: string; usage?: ScriptedUsage }
  | { kind: "malformed-tool-call"; argumentsText: string; name?: string; usage?: ScriptedUsage }
  | { kind: "text"; text: string; usage?: ScriptedUsage }
  | { kind: "throw"; error: unknown }
  | { kind: "hang" };

/** A recorded message: its role (`system`, `human`, `ai`, …) and its text. */
export interface ScriptedChatMessage {
  role: string;
  content: string;
}

/** One recorded call of a {@link ScriptedChatModel}. */
export interface ScriptedChatCall {
  messages: ScriptedChatMessage[];
  /** The tool definitions bound to the call (OpenAI function format when bound by `withStructuredOutput`). */
  tools: unknown[];
  /** The `seed` call option, when one was passed. */
  seed?: number;
}

/** Call options the scripted model understands (tools bound by `bindTools`). */
export interface ScriptedChatCallOptions extends BaseChatModelCallOptions {
  tools?: unknown[];
  seed?: number;
}

function messageText(message: BaseMessage): string {
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

function boundToolName(tools: unknown[]): string {
  const first = tools[0] as { function?: { name?: unknown }; name?: unknown } | undefined;
  const name = first?.function?.name ?? first?.name;
  return typeof name === "string" ? name : "extract";
}

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * A LangChain chat model test double: answers from a scripted list, in order, and records
 * every call's messages and bound tools. A reply may also be a function of the messages.
 * Running out of replies throws `INTERNAL` (a test that calls more than it scripted is wrong).
 * LangChain's own retries are off by default (`maxRetries: 0`) so callers' retry logic is
 * what a test exercises.
 */
export class ScriptedChatModel extends BaseChatModel<ScriptedChatCallOptions> {
  /** Every call, oldest first. */
  readonly calls: ScriptedChatCall[] = [];
  private next = 0;

  constructor(
    private readonly replies: Array<ScriptedChatReply | ((messages: ScriptedChatMessage[]) => ScriptedChatReply)>,
  ) {
    super({ maxRetries: 0 });
  }

  /** How many scripted replies are left. */
  remaining(): number {
    return this.replies.length - this.next;
  }

  _llmType(): string {
    return "scripted";
  }

  override bindTools(tools: BindToolsInput[], options?: Partial<ScriptedChatCallOptions>) {
    return this.withConfig({ ...options, tools } as Partial<ScriptedChatCallOptions>);
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    const recorded = messages.map((message) => ({ role: message.getType(), content: messageText(message) }));
    const tools = options.tools ?? [];
    this.calls.push(
      options.seed === undefined ? { messages: recorded, tools } : { messages: recorded, tools, seed: options.seed },
    );
    const entry = this.replies[this.next];
    if (entry === undefined) {
      throw new EnvriggerError(
        "INTERNAL",
        `the scripted chat model has no reply left (call ${this.calls.length}, ${this.replies.length} scripted)`,
      );
    }
    this.next += 1;
    const reply = typeof entry === "function" ? entry(recorded) : entry;
    if (reply.kind === "throw") throw reply.error;
    if (reply.kind === "hang")
      return new Promise<ChatResult>((_resolve, reject) =>
        options.signal?.addEventListener("abort", () => reject(options.signal?.reason)),
      );
    const inputText = recorded.map((message) => message.content).join("\n");
    const callId = `call_${this.calls.length}`;
    const name = "name" in reply && reply.name !== undefined ? reply.name : boundToolName(tools);
    let message: AIMessage;
    let outputText: string;
    if (reply.kind === "tool-call") {
      outputText = JSON.stringify(reply.args);
      message = new AIMessage({ content: "", tool_calls: [{ id: callId, name, args: reply.args, type: "tool_call" }] });
    } else if (reply.kind === "malformed-tool-call") {
      outputText = reply.argumentsText;
      message = new AIMessage({
        content: "",
        invalid_tool_calls: [
          { id: callId, name, args: reply.argumentsText, error: "Malformed args.", type: "invalid_tool_call" },
        ],
      });
    } else {
      outputText = reply.text;
      message = new AIMessage({ content: reply.text });
    }
    const usage = reply.usage ?? { inputTokens: estimateTokens(inputText), outputTokens: estimateTokens(outputText) };
    message.usage_metadata = {
      input_tokens: usage.inputTokens,
      output_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens,
    };
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
}
