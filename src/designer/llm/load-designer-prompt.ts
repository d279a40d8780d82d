import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { EnvriggerError, errorMessage } from "../../core/errors.js";
import { packageFile } from "../../core/package-root.js";
import { fillTemplate } from "../../llm/fill-template.js";

/** The designer's prompt templates, each a Markdown file in `designer-prompts/` (the `skills-*` ones extract skills from trajectories). */
export type DesignerPromptName =
  | "system"
  | "diagnose"
  | "write"
  | "skills-system"
  | "skills-success"
  | "skills-failure";

/**
 * The package's `designer-prompts/` folder (next to its package.json: the same from the
 * sources and from a build).
 */
export function designerPromptsDirectory(): string {
  const directory = packageFile("designer-prompts");
  if (!existsSync(directory)) {
    throw new EnvriggerError("BAD_CONFIG", `cannot find the designer-prompts/ folder (${directory})`, {
      hint: "reinstall envrigger; the package ships designer-prompts/ next to package.json",
    });
  }
  return directory;
}

/**
 * Load `designer-prompts/<name>.md` and fill its `{{placeholders}}` with `values`. Fails
 * with `BAD_CONFIG` when the file cannot be read, when the template uses a placeholder not
 * in `values`, or when a value's placeholder is missing from the template.
 */
export async function loadDesignerPrompt(
  name: DesignerPromptName,
  values: Record<string, string>,
  directory: string = designerPromptsDirectory(),
): Promise<string> {
  const path = join(directory, `${name}.md`);
  let template: string;
  try {
    template = await readFile(path, "utf8");
  } catch (error) {
    throw new EnvriggerError("BAD_CONFIG", `cannot read the designer prompt ${path}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  return fillTemplate(template, values, `${name}.md`);
}
