import type { FunctionDeclaration } from "@google/genai";
import { z } from "zod";
import type { ToolSpec } from "../core/tool-spec.js";
import { simplifyGeminiJsonSchema } from "./gemini-json-schema.js";

const propertiesSchema = z.looseObject({ properties: z.record(z.string(), z.unknown()).optional() });

/**
 * MCP-shaped tools as Gemini function declarations: the input schema, reduced to the JSON
 * Schema subset Gemini understands (`simplifyGeminiJsonSchema`), becomes
 * `parametersJsonSchema`; a tool without parameters gets none (Gemini rejects an empty
 * object schema on some models).
 */
export function toGeminiFunctionDeclarations(tools: ToolSpec[]): FunctionDeclaration[] {
  return tools.map((tool) => {
    const parsed = propertiesSchema.safeParse(tool.inputSchema);
    const hasParameters = parsed.success && Object.keys(parsed.data.properties ?? {}).length > 0;
    if (!hasParameters) return { name: tool.name, description: tool.description };
    return {
      name: tool.name,
      description: tool.description,
      parametersJsonSchema: simplifyGeminiJsonSchema({ type: "object", ...tool.inputSchema }),
    };
  });
}
