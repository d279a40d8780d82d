import { EnvriggerError } from "../core/errors.js";

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The placeholder names a template uses (`{{name}}`), each once, in order of first use. */
export function templatePlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string))];
}

/**
 * Fill a Markdown prompt template's `{{placeholders}}` in one pass (values are inserted
 * verbatim and never scanned for placeholders themselves). Fails loudly with `BAD_CONFIG`
 * when the template uses a placeholder no value is given for, or when a value is given for
 * a placeholder the template lacks (a prompt that silently drops data is a bug).
 */
export function fillTemplate(template: string, values: Record<string, string>, templateName = "template"): string {
  const used = templatePlaceholders(template);
  const unknown = used.filter((name) => !Object.hasOwn(values, name));
  const missing = Object.keys(values).filter((name) => !used.includes(name));
  if (unknown.length > 0 || missing.length > 0) {
    const problems = [
      unknown.length > 0
        ? `unknown placeholder(s) ${unknown.map((name) => `{{${name}}}`).join(", ")} (no value given)`
        : "",
      missing.length > 0
        ? `missing placeholder(s) ${missing.map((name) => `{{${name}}}`).join(", ")} (a value is given but the template never uses it)`
        : "",
    ].filter(Boolean);
    throw new EnvriggerError("BAD_CONFIG", `prompt ${templateName}: ${problems.join("; ")}`, {
      hint: `the template may use exactly these placeholders: ${
        Object.keys(values)
          .map((name) => `{{${name}}}`)
          .join(", ") || "(none)"
      }`,
    });
  }
  return template.replace(PLACEHOLDER, (_match, name: string) => values[name] as string);
}
