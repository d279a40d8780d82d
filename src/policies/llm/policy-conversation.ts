import type { AssistantTurn } from "./assistant-turn.js";
import type { BudgetedMessage } from "./budgeted-message.js";

interface Exchange {
  turn: AssistantTurn;
  /** The env's response to the turn; `null` until observed. */
  output: string | null;
}

/**
 * The conversation of one LLM-policy episode: the system prompt, the task (the first
 * observation) and one exchange per turn (the model's answer and the env's response).
 * Outputs are kept whole; a context budget shortens them only when rendering a request.
 */
export class PolicyConversation {
  private task: string | null = null;
  private readonly exchanges: Exchange[] = [];

  constructor(private readonly systemPrompt: string) {}

  /** Turns answered so far. */
  get turns(): number {
    return this.exchanges.length;
  }

  /**
   * Record an observation: the task the first time, then the response to the latest
   * answer. Observed again without a new answer, it replaces the latest observation.
   */
  observe(text: string): void {
    const last = this.exchanges.at(-1);
    if (last) last.output = text;
    else this.task = text;
  }

  /** Record the model's answer of this turn (its response is observed next turn). */
  answer(turn: AssistantTurn): void {
    this.exchanges.push({ turn, output: null });
  }

  /**
   * The conversation as messages, oldest first. Outputs of every exchange but the latest
   * are marked as shortenable; the system prompt, the task and the latest output are not.
   */
  render(): BudgetedMessage[] {
    const messages: BudgetedMessage[] = [{ message: { role: "system", content: this.systemPrompt }, exchange: null }];
    if (this.task !== null) messages.push({ message: { role: "user", content: this.task }, exchange: null });
    const latest = this.exchanges.length - 1;
    this.exchanges.forEach(({ turn, output }, exchange) => {
      if (turn.kind === "call")
        messages.push({ message: { role: "assistant", content: "", toolCall: turn.call }, exchange });
      else
        messages.push({
          message: { role: "assistant", content: turn.kind === "text" ? turn.text : turn.description },
          exchange,
        });
      if (output === null) return;
      const shortenable = exchange < latest ? { output } : {};
      if (turn.kind === "call") {
        messages.push({
          message: { role: "tool", content: output, toolCallId: turn.call.id, toolName: turn.call.name },
          exchange,
          ...shortenable,
        });
      } else {
        const content = turn.kind === "refused" ? `${turn.note}\n\n${output}` : output;
        messages.push({ message: { role: "user", content }, exchange, ...shortenable });
      }
    });
    return messages;
  }
}
