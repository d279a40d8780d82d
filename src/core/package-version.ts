import { readFileSync } from "node:fs";
import { z } from "zod";
import { packageFile } from "./package-root.js";
import { parseJsonText } from "./validate.js";

let cached: string | undefined;

/** The version in envrigger's package.json (read once, on first use). */
export function packageVersion(): string {
  if (cached === undefined) {
    const text = readFileSync(packageFile("package.json"), "utf8");
    cached = parseJsonText(z.object({ version: z.string() }), text, "package.json", "INTERNAL").version;
  }
  return cached;
}
