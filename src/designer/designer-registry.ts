import { EnvriggerError } from "../core/errors.js";
import type { Designer } from "./designer.js";
import { HeuristicDesigner } from "./heuristic/heuristic-designer.js";
import { RandomEditDesigner } from "./heuristic/random-edit-designer.js";

/** The designer specs `--designer` accepts. */
export const DESIGNER_FORMS = ["heuristic", "random", "openai:<model>", "gemini:<model>"] as const;

/**
 * A designer from its spec: `heuristic` (offline, the default), `random` (the designer-free
 * control: the same templates at random knobs, no diagnosis), `openai:<model>` (OpenAI
 * or any OpenAI-compatible server through OPENAI_BASE_URL) or `gemini:<model>`. LLM
 * designers read their keys from the environment only; their SDKs load on first use.
 */
export async function resolveDesigner(spec: string, environment: NodeJS.ProcessEnv = process.env): Promise<Designer> {
  if (spec === "heuristic") return new HeuristicDesigner();
  if (spec === "random") return new RandomEditDesigner();
  if (spec.startsWith("openai:") || spec.startsWith("gemini:")) {
    const { createLlmDesigner } = await import("./llm/create-llm-designer.js");
    return createLlmDesigner(spec, { environment });
  }
  throw new EnvriggerError("UNKNOWN_DESIGNER", `unknown designer "${spec}"`, {
    hint: `use one of ${DESIGNER_FORMS.join(", ")}`,
  });
}
