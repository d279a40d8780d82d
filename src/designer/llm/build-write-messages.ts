import type { ChatMessage } from "../../llm/chat-message.js";
import { truncateMiddle } from "../../llm/truncate-middle.js";
import type { DesignContext, Diagnosis } from "../designer.js";
import { baselinePromptValues } from "./baseline-prompt-values.js";
import type { DesignerPromptBudget } from "./designer-prompt-budget.js";
import { loadDesignerPrompt } from "./load-designer-prompt.js";
import { renderAttempts } from "./render-attempts.js";
import { renderDiagnosis } from "./render-diagnosis.js";
import { renderRunMeasurements } from "./render-run-measurements.js";

/**
 * The messages of a write call: the designer rules (system) and everything the designer
 * may see (user): the baseline, the harness API, the diagnosis, every earlier attempt
 * with its issues, statistics and decision feedback, and the run's measured table (what its
 * earlier tasks measured of each template: knob, baseline → measured rate, episodes).
 */
export async function buildWriteMessages(
  context: DesignContext,
  diagnosis: Diagnosis,
  budget: DesignerPromptBudget,
  promptsDirectory?: string,
): Promise<ChatMessage[]> {
  const values = {
    ...baselinePromptValues(context, budget),
    harnessApi: truncateMiddle(context.harnessApi, budget.harnessApiChars),
    diagnosis: renderDiagnosis(diagnosis),
    attempts: renderAttempts(context.attempts, { budgetChars: budget.attemptChars }),
    runMeasurements: renderRunMeasurements(context.runMeasurements ?? [], budget.runMeasurementChars),
  };
  return [
    { role: "system", content: await loadDesignerPrompt("system", {}, promptsDirectory) },
    { role: "user", content: await loadDesignerPrompt("write", values, promptsDirectory) },
  ];
}
