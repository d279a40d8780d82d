import type { ChatMessage } from "../../llm/chat-message.js";
import type { DesignContext } from "../designer.js";
import { baselinePromptValues } from "./baseline-prompt-values.js";
import type { DesignerPromptBudget } from "./designer-prompt-budget.js";
import { loadDesignerPrompt } from "./load-designer-prompt.js";

/** The messages of a diagnose call: the designer rules (system) and the baseline (user). */
export async function buildDiagnoseMessages(
  context: DesignContext,
  budget: DesignerPromptBudget,
  promptsDirectory?: string,
): Promise<ChatMessage[]> {
  return [
    { role: "system", content: await loadDesignerPrompt("system", {}, promptsDirectory) },
    {
      role: "user",
      content: await loadDesignerPrompt("diagnose", baselinePromptValues(context, budget), promptsDirectory),
    },
  ];
}
