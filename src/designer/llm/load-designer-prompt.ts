import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EnvriggerError, errorMessage } from "../../core/errors.js";
import { fillTemplate } from "../../llm/fill-template.js";

/** The designer's prompt templates, each a Markdown file in `designer-prompts/` (the `skills-*` ones extract skills from trajectories). */
export type DesignerPromptName = "system" | "diagnose" | "write" | "skills-system" | "skills-success" | "skills-failure";

/**
 * The package's `designer-prompts/` folder: found by walking up from this module
 * (`import.meta.url`) to the package root, the first folder holding a `package.json` and a
 * `designer-prompts/` folder — so it works from the sources and from a build alike.
 */
export function designerPromptsDirectory(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(directory, "package.json")) && existsSync(join(directory, "designer-prompts"))) return join(directory, "designer-prompts");
    const parent = dirname(directory);
    if (parent === directory) {
      throw new EnvriggerError("BAD_CONFIG", "cannot find the designer-prompts/ folder above the envrigger sources", {
        hint: "reinstall envrigger; the package ships designer-prompts/ next to package.json",
      });
    }
    directory = parent;
  }
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
    throw new EnvriggerError("BAD_CONFIG", `cannot read the designer prompt ${path}: ${errorMessage(error)}`, { cause: error });
  }
  return fillTemplate(template, values, `${name}.md`);
}
