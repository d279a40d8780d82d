import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { RunnableConfig } from "@langchain/core/runnables";
import { EnvriggerError } from "../../core/errors.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import type { PolicyChatModel, PolicyModelReply, PolicyModelRequest } from "./policy-chat-model.js";
import { readLangChainReply } from "./read-langchain-reply.js";
import { toLangChainPolicyMessages } from "./to-langchain-policy-messages.js";
import { toOpenAiTools } from "./to-openai-tools.js";

/** Labels of a {@link LangChainPolicyModel} (for error messages and the policy name). */
export interface LangChainPolicyModelLabels {
  /** Default: the model's LangChain type (e.g. `openai`, `scripted`). */
  provider?: string;
  /** Default: the chat model's `model` field, or `injected`. */
  model?: string;
}

type Invocable = Pick<BaseChatModel, "invoke">;

/**
 * A {@link PolicyChatModel} over any LangChain chat model (`ChatOpenAI`, or an injected
 * `BaseChatModel` such as the scripted test model). The env's tools are bound with
 * `bindTools` as OpenAI function tools (tools mode; text mode binds none), the seed is
 * passed as the `seed` call option (which `ChatOpenAI` sends), and the abort signal
 * cancels the request. The temperature is the chat model's own setting.
 */
export class LangChainPolicyModel implements PolicyChatModel {
  readonly provider: string;
  readonly model: string;
  private bound: { tools: ToolSpec[]; runnable: Invocable } | null = null;

  constructor(
    private readonly chatModel: BaseChatModel,
    labels: LangChainPolicyModelLabels = {},
  ) {
    this.provider = labels.provider ?? chatModel._llmType();
    const modelField = (chatModel as unknown as { model?: unknown }).model;
    this.model = labels.model ?? (typeof modelField === "string" ? modelField : "injected");
  }

  async complete(request: PolicyModelRequest, signal: AbortSignal): Promise<PolicyModelReply> {
    const runnable = request.tools.length === 0 ? this.chatModel : this.withTools(request.tools);
    const config: RunnableConfig & { seed?: number } = { signal, seed: request.seed };
    return readLangChainReply(await runnable.invoke(toLangChainPolicyMessages(request.messages), config));
  }

  /** The chat model with `tools` bound (bound once per tool list). */
  private withTools(tools: ToolSpec[]): Invocable {
    if (this.bound?.tools === tools) return this.bound.runnable;
    if (typeof this.chatModel.bindTools !== "function") {
      throw new EnvriggerError(
        "BAD_CONFIG",
        `the chat model ${this.provider}:${this.model} cannot call tools (it has no bindTools)`,
        {
          hint: 'use the policy option mode: "text", or a chat model with tool calling',
        },
      );
    }
    this.bound = { tools, runnable: this.chatModel.bindTools(toOpenAiTools(tools)) };
    return this.bound.runnable;
  }
}
