import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleExpression, generateSandboxCode } from "../scripts/generate-sandbox-code.js";
import { repositoryRoot } from "./helpers/markdown-docs.js";

/*
 * The sandbox code that is text at run time (the in-isolate bootstraps, the declared
 * harness API) is generated from typed sources: the checked-in output must be what a fresh
 * generation gives, so an edit of a source without `npm run generate:sandbox` fails here.
 */

describe("generated sandbox code", () => {
  it("is what scripts/generate-sandbox-code.ts generates now", async () => {
    const files = await generateSandboxCode();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(readFileSync(join(repositoryRoot, file.path), "utf8"), file.path).toBe(file.text);
  }, 60_000);

  it("refuses to bundle a module from outside an isolate-code/ folder", async () => {
    // component-hooks.ts is a host module (it imports isolate-code/hook-names.ts).
    await expect(bundleExpression("src/sandbox/rules/component-hooks.ts")).rejects.toThrow(
      "the bundle would hold src/sandbox/rules/component-hooks.ts, outside isolate-code/",
    );
  });
});
