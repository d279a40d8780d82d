import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { RunnableConfig } from "@langchain/core/runnables";
import { EnvriggerError } from "../core/errors.js";
import type { ToolSpec } from "../core/tool-spec.js";
import type { ChatAnswerRequest, ChatModel, ChatReply, ChatRequest } from "./chat-model.js";
import { readLangChainReply } from "./read-langchain-reply.js";
import { readToolCallAnswer } from "./read-tool-call-answer.js";
import { toLangChainMessages } from "./to-langchain-messages.js";
import { toOpenAiTools } from "./to-openai-tools.js";

/** Labels of a {@link LangChainChatModel} (for error messages and names). */
export interface LangChainChatModelLabels {
  /** Default: the model's LangChain type (e.g. `openai`, `scripted`). */
  provider?: string;
  /** Default: the chat model's `model` field, or `injected`. */
  model?: string;
}

type Invocable = Pick<BaseChatModel, "invoke">;

/**
 * The {@link ChatModel} over any LangChain chat model (`ChatOpenAI`, or an injected
 * `BaseChatModel` such as the scripted test model):
 * - tools: bound with `bindTools` as OpenAI function tools (none bound when there are none);
 * - a structured answer: `withStructuredOutput(schema, { method: "functionCalling",
 *   includeRaw: true })` — strict JSON-schema mode rejects open-ended records — and the
 *   answer is read from the raw message's call of the answer's tool.
 * The seed is passed as the `seed` call option (which `ChatOpenAI` sends) when set, and the
 * abort signal cancels the request. The temperature is the chat model's own setting (set
 * when constructing it).
 */
export class LangChainChatModel implements ChatModel {
  readonly provider: string;
  readonly model: string;
  private bound: { tools: ToolSpec[]; runnable: Invocable } | null = null;

  constructor(
    private readonly chatModel: BaseChatModel,
    labels: LangChainChatModelLabels = {},
  ) {
    this.provider = labels.provider ?? chatModel._llmType();
    const modelField = (chatModel as unknown as { model?: unknown }).model;
    this.model = labels.model ?? (typeof modelField === "string" ? modelField : "injected");
  }

  async complete(request: ChatRequest, signal: AbortSignal): Promise<ChatReply> {
    const config: RunnableConfig & { seed?: number } =
      request.seed === undefined ? { signal } : { signal, seed: request.seed };
    const messages = toLangChainMessages(request.messages);
    if (request.answer !== undefined) return this.answer(request.answer, messages, config);
    const runnable = request.tools.length === 0 ? this.chatModel : this.withTools(request.tools);
    return readLangChainReply(await runnable.invoke(messages, config));
  }

  /** A request for a structured answer: the answer's tool bound, its call read from the raw message. */
  private async answer(
    answer: ChatAnswerRequest,
    messages: ReturnType<typeof toLangChainMessages>,
    config: RunnableConfig,
  ): Promise<ChatReply> {
    this.toolBinder("a structured answer is a tool call: use a chat model with tool calling");
    const described = answer.description === undefined ? answer.schema : answer.schema.describe(answer.description);
    const runnable = this.chatModel.withStructuredOutput(described as unknown as Record<string, unknown>, {
      name: answer.name,
      method: "functionCalling",
      includeRaw: true,
    });
    const output = await runnable.invoke(messages, config);
    return { ...readLangChainReply(output.raw), answer: readToolCallAnswer(output.raw, answer.name).candidate };
  }

  /** The chat model with `tools` bound (bound once per tool list). */
  private withTools(tools: ToolSpec[]): Invocable {
    if (this.bound?.tools === tools) return this.bound.runnable;
    const bindTools = this.toolBinder('use the policy option mode: "text", or a chat model with tool calling');
    this.bound = { tools, runnable: bindTools.call(this.chatModel, toOpenAiTools(tools)) };
    return this.bound.runnable;
  }

  /** The chat model's `bindTools`; `BAD_CONFIG` (with `hint`) for a model that has none. */
  private toolBinder(hint: string): NonNullable<BaseChatModel["bindTools"]> {
    if (typeof this.chatModel.bindTools !== "function") {
      throw new EnvriggerError(
        "BAD_CONFIG",
        `the chat model ${this.provider}:${this.model} cannot call tools (it has no bindTools)`,
        { hint },
      );
    }
    return this.chatModel.bindTools;
  }
}
