import { z } from "zod";
import { jsonObjectSchema } from "./json.js";

/** A tool declared MCP-style: name, description and a JSON Schema of its input. */
export const toolSpecSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  inputSchema: jsonObjectSchema,
});
export type ToolSpec = z.infer<typeof toolSpecSchema>;
