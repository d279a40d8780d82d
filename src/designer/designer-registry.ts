import { EnvriggerError } from "../core/errors.js";
import type { Designer } from "./designer.js";
import { HeuristicDesigner } from "./heuristic/heuristic-designer.js";

/** The designer specs `--designer` accepts. */
export const DESIGNER_FORMS = ["heuristic", "openai:<model>", "gemini:<model>"] as const;

/**
 * A designer from its spec: `heuristic` (offline, the default), `openai:<model>` (OpenAI
 * or any OpenAI-compatible server through OPENAI_BASE_URL) or `gemini:<model>`. LLM
 * designers read their keys from the environment only; their SDKs load on first use.
 */
export async function resolveDesigner(spec: string, environment: NodeJS.ProcessEnv = process.env): Promise<Designer> {
  if (spec === "heuristic") return new HeuristicDesigner();
  if (spec.startsWith("openai:") || spec.startsWith("gemini:")) {
    const { createLlmDesigner } = await import("./llm/create-llm-designer.js");
    return createLlmDesigner(spec, { environment });
  }
  throw new EnvriggerError("UNKNOWN_DESIGNER", `unknown designer "${spec}"`, {
    hint: `use one of ${DESIGNER_FORMS.join(", ")}`,
  });
}
