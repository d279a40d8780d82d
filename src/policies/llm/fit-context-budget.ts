import { truncateMiddle } from "../../llm/truncate-middle.js";
import { messageCharacters, type BudgetedMessage } from "./budgeted-message.js";
import type { ChatMessage } from "../../llm/chat-message.js";

/** An output is never shortened below this many characters (plus the omission marker). */
export const MINIMUM_OUTPUT_CHARS = 200;

// Room for truncateMiddle's marker ("\n[… 123456 characters omitted …]\n") and the note on dropped turns.
const MARKER_ALLOWANCE = 48;
const DROPPED_NOTE_ALLOWANCE = 80;

/** A conversation fitted to a context budget, with what fitting it took. */
export interface FittedConversation {
  messages: ChatMessage[];
  /** Characters of the fitted messages (see `messageCharacters`). */
  characters: number;
  /** Older tool outputs shortened (head and tail kept around a marker). */
  truncatedOutputs: number;
  /** Oldest turns left out entirely (after every output was as short as allowed). */
  droppedTurns: number;
}

function withOutput(entry: BudgetedMessage, output: string): BudgetedMessage {
  const content = `${entry.message.content.slice(0, entry.message.content.length - (entry.output ?? "").length)}${output}`;
  return { ...entry, message: { ...entry.message, content } as ChatMessage, output };
}

/**
 * Fit a rendered conversation into `budgetChars` characters. First the older tool outputs
 * are shortened, oldest first, each to what the excess requires but not below
 * {@link MINIMUM_OUTPUT_CHARS} (head and tail kept around a visible marker, via
 * `truncateMiddle`); if that is not enough, the oldest turns are dropped whole (a tool call
 * with its output, so every call still has its response) and the task message says how
 * many were left out. The system prompt, the task and the latest turn are always sent
 * whole, so a budget smaller than those is exceeded rather than broken.
 */
export function fitContextBudget(rendered: BudgetedMessage[], budgetChars: number): FittedConversation {
  let entries = rendered.slice();
  let total = entries.reduce((sum, entry) => sum + messageCharacters(entry.message), 0);
  let truncatedOutputs = 0;
  for (let index = 0; index < entries.length && total > budgetChars; index++) {
    const entry = entries[index] as BudgetedMessage;
    if (entry.output === undefined || entry.output.length <= MINIMUM_OUTPUT_CHARS) continue;
    const target = Math.max(MINIMUM_OUTPUT_CHARS, entry.output.length - (total - budgetChars) - MARKER_ALLOWANCE);
    const shortened = truncateMiddle(entry.output, target);
    if (shortened.length >= entry.output.length) continue;
    total -= entry.output.length - shortened.length;
    entries[index] = withOutput(entry, shortened);
    truncatedOutputs += 1;
  }
  const exchanges = [...new Set(entries.flatMap((entry) => (entry.exchange === null ? [] : [entry.exchange])))];
  const droppable = exchanges.slice(0, -1);
  let droppedTurns = 0;
  for (const exchange of droppable) {
    // Once a turn is dropped, the task message carries a note saying so.
    if (total + (droppedTurns > 0 ? DROPPED_NOTE_ALLOWANCE : 0) <= budgetChars) break;
    for (const entry of entries) if (entry.exchange === exchange) total -= messageCharacters(entry.message);
    entries = entries.filter((entry) => entry.exchange !== exchange);
    droppedTurns += 1;
  }
  let messages = entries.map((entry) => entry.message);
  if (droppedTurns > 0) {
    const note = `\n\n[… ${droppedTurns} earlier turn${droppedTurns === 1 ? "" : "s"} omitted to fit the context budget …]`;
    const taskIndex = entries.findIndex((entry) => entry.exchange === null && entry.message.role === "user");
    messages = messages.map((message, index) =>
      index === taskIndex ? ({ ...message, content: `${message.content}${note}` } as ChatMessage) : message,
    );
    if (taskIndex >= 0) total += note.length;
  }
  return { messages, characters: total, truncatedOutputs, droppedTurns };
}
