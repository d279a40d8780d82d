import type { ActionInput } from "../../core/action.js";
import type { EpisodeStart, Policy, PolicyInput } from "../../core/policy.js";
import { createRng, deriveSeed, type Rng } from "../../core/seeding.js";
import type { ToolSpec } from "../../core/tool-spec.js";
import { addTokenUsage, emptyTokenUsage, type TokenUsage } from "../../llm/token-usage.js";
import { callProvider } from "../../llm/call-provider.js";
import { decideAction } from "./decide-action.js";
import { fitContextBudget } from "./fit-context-budget.js";
import { grammarPrompt } from "./grammar-prompt.js";
import { emptyLlmPolicyDiagnostics, type LlmPolicyDiagnostics } from "./llm-policy-diagnostics.js";
import {
  resolveLlmPolicyOptions,
  type LlmPolicyOptionsInput,
  type ResolvedLlmPolicyOptions,
} from "./llm-policy-options.js";
import type { ChatModel } from "../../llm/chat-model.js";
import { PolicyConversation } from "./policy-conversation.js";
import { policySystemPrompt } from "./policy-system-prompt.js";

/** Options of {@link LlmPolicy}: the JSON options, plus what cannot be JSON. */
export interface LlmPolicyOptions extends LlmPolicyOptionsInput {
  /** Environment whose secrets are redacted from error messages (default `process.env`). */
  environment?: NodeJS.ProcessEnv;
  /** In text mode: the text that teaches the env's grammar (default {@link grammarPrompt}). */
  grammar?: (tools: ToolSpec[]) => string;
}

/** Token usage of an episode and how many answers were malformed calls. */
export type LlmPolicyUsage = TokenUsage & { malformedCalls: number };

/** Keep seeds within a signed 32-bit integer (Gemini's seed field). */
const SEED_MASK = 0x7fffffff;

/**
 * A policy driven by a chat model, for one episode at a time (make one per episode; see
 * `createLlmPolicy`). It keeps the episode's conversation — system prompt, task, one
 * exchange per turn — and each turn sends it, fitted to the context budget, to the model:
 * - tools mode: the env's tools are offered as function tools; the model's call of a known
 *   tool becomes the action `{name, args}`;
 * - text mode: no tools are bound, the system prompt teaches the `<call> TOOL [ARG] </call>`
 *   grammar and the raw answer text is the action (the env parses it).
 * A bad answer (malformed arguments, unknown tool, empty) never throws: it becomes an
 * action the env refuses, costing a turn, and is counted. Provider failures are retried with
 * backoff under a per-call timeout; one that persists throws `PROVIDER` (secrets redacted),
 * which ends the episode with stop reason `error`. The sampling seed of every call derives
 * from the episode seed (and `settings.seed` when set), so rollouts differ yet replay.
 */
export class LlmPolicy implements Policy {
  readonly name: string;
  /** Its own call deadline: every attempt's timeout, the largest backoffs, and every re-ask of a malformed answer. */
  readonly callTimeoutMs: number;
  private readonly options: ResolvedLlmPolicyOptions;
  private conversation: PolicyConversation | null = null;
  private episodeSeed = 0;
  private seed = 0;
  private rng: Rng = createRng(0);
  private tokens: TokenUsage = emptyTokenUsage();
  private counts: LlmPolicyDiagnostics = emptyLlmPolicyDiagnostics();

  constructor(
    private readonly model: ChatModel,
    private readonly extra: LlmPolicyOptions = {},
  ) {
    this.options = resolveLlmPolicyOptions(extra);
    this.name = this.options.name ?? `${model.provider}:${model.model}`;
    const { timeoutMs, retries, outputRetries, backoff } = this.options.settings;
    this.callTimeoutMs = (outputRetries + 1) * ((retries + 1) * timeoutMs + retries * backoff.maxMs) + 1_000;
    this.begin(0);
  }

  start(episode: EpisodeStart): void {
    this.begin(episode.seed);
  }

  async act(input: PolicyInput): Promise<ActionInput> {
    if (input.turn === 0 && this.conversation !== null && this.conversation.turns > 0) this.begin(this.episodeSeed);
    this.conversation ??= new PolicyConversation(this.systemPrompt(input.tools));
    this.conversation.observe(input.observation.text);
    const budget = this.options.contextBudgetChars;
    const fitted = fitContextBudget(this.conversation.render(), budget);
    if (fitted.truncatedOutputs > 0 || fitted.droppedTurns > 0) this.counts.fittedRequests += 1;
    if (fitted.characters > budget) this.counts.overBudgetRequests += 1;
    const settings = this.options.settings;
    const request = {
      messages: fitted.messages,
      tools: this.options.mode === "tools" ? input.tools : [],
      seed: this.seed,
      ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
    };
    const reply = await callProvider((signal) => this.model.complete(request, signal), {
      provider: this.model.provider,
      model: this.model.model,
      settings,
      rng: this.rng,
      environment: this.extra.environment,
      onRetry: () => (this.counts.providerRetries += 1),
    });
    this.tokens = addTokenUsage(this.tokens, reply.usage);
    const decision = decideAction(reply, {
      mode: this.options.mode,
      tools: input.tools,
      fallbackCallId: `call_${input.turn + 1}`,
    });
    this.conversation.answer(decision.turn);
    this.counts.extraToolCalls += decision.extraToolCalls;
    if (decision.outcome === "invalid-arguments") this.counts.invalidArguments += 1;
    else if (decision.outcome === "unknown-tool") this.counts.unknownTools += 1;
    else if (decision.outcome === "empty") this.counts.emptyAnswers += 1;
    else if (decision.outcome === "text" && this.options.mode === "tools") this.counts.textAnswers += 1;
    return decision.action;
  }

  /** Tokens and provider responses of this episode, and the malformed calls among the answers. */
  usage(): LlmPolicyUsage {
    const malformedCalls = this.counts.invalidArguments + this.counts.unknownTools + this.counts.emptyAnswers;
    return { ...this.tokens, malformedCalls };
  }

  /** The detailed counts of this episode (malformed answers by kind, budget fitting, retries). */
  diagnostics(): LlmPolicyDiagnostics {
    return { ...this.counts };
  }

  /** Start a fresh episode: empty conversation, zero counts, seeds from the episode seed. */
  private begin(episodeSeed: number): void {
    this.episodeSeed = episodeSeed;
    this.seed = deriveSeed(episodeSeed, "llm-policy", this.options.settings.seed ?? 0) & SEED_MASK;
    this.rng = createRng(deriveSeed(episodeSeed, "llm-policy-retry-jitter"));
    this.conversation = null;
    this.tokens = emptyTokenUsage();
    this.counts = emptyLlmPolicyDiagnostics();
  }

  private systemPrompt(tools: ToolSpec[]): string {
    const grammar = this.options.mode === "text" ? (this.extra.grammar ?? grammarPrompt)(tools) : undefined;
    return policySystemPrompt({
      mode: this.options.mode,
      skills: this.options.skills,
      ...(grammar === undefined ? {} : { grammar }),
    });
  }
}
