import { z } from "zod";

// The JSON Schema keywords Gemini's `responseJsonSchema` understands; others are dropped
// (the answer is validated with the zod schema anyway, so nothing is lost).
const KEPT_KEYWORDS = new Set([
  "$id",
  "$defs",
  "$ref",
  "$anchor",
  "type",
  "format",
  "title",
  "description",
  "enum",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "anyOf",
  "oneOf",
  "properties",
  "additionalProperties",
  "required",
]);

type JsonSchemaNode = Record<string, unknown>;

function simplify(node: unknown): unknown {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return node;
  const result: JsonSchemaNode = {};
  for (const [key, value] of Object.entries(node as JsonSchemaNode)) {
    if (key === "const") result.enum = [value];
    else if (!KEPT_KEYWORDS.has(key)) continue;
    else if (key === "properties" || key === "$defs") {
      result[key] = Object.fromEntries(
        Object.entries(value as JsonSchemaNode).map(([name, child]) => [name, simplify(child)]),
      );
    } else if (key === "anyOf" || key === "oneOf" || key === "prefixItems")
      result[key] = (value as unknown[]).map(simplify);
    else if (key === "items" || key === "additionalProperties") result[key] = simplify(value);
    else result[key] = value;
  }
  return result;
}

/**
 * A JSON Schema reduced to the subset Gemini understands (for `responseJsonSchema` and a
 * function declaration's `parametersJsonSchema`): unsupported keywords such as `$schema`,
 * `propertyNames` and string lengths are removed and `const` becomes a one-value `enum`.
 */
export function simplifyGeminiJsonSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return simplify(schema) as Record<string, unknown>;
}

/**
 * A zod schema as the JSON Schema subset Gemini's `responseJsonSchema` accepts (zod 4's
 * `z.toJSONSchema` of the input shape, with unsupported keywords such as `$schema`,
 * `propertyNames` and string lengths removed and `const` turned into a one-value `enum`).
 */
export function toGeminiJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return simplifyGeminiJsonSchema(
    z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>,
  );
}
