import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Packages that take a quarter of a second or more to load (the TypeScript compiler,
 * LangGraph, the model SDKs, the chart renderer, the Z-machine, the browser driver, the
 * queue): a command may load them only when it uses them.
 */
const heavy =
  /^(ts-morph|typescript|@langchain\/.*|langsmith|@google\/genai|vega|vega-lite|ifvms|glkote-term|playwright-core|bullmq|ioredis|better-sqlite3)$/;

const root = join(import.meta.dirname, "..");
const hooks = mkdtempSync(join(tmpdir(), "load-log-"));
// A module resolve hook that prints every package an import resolves to.
writeFileSync(
  join(hooks, "hooks.mjs"),
  `import { writeSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const match = result.url.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//);
  if (match) writeSync(2, "LOADED " + match[1] + "\\n");
  return result;
}
`,
);
writeFileSync(
  join(hooks, "register.mjs"),
  `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(join(hooks, "hooks.mjs")).href)});\n`,
);

/** The packages `envrigger <args>` loads (run from the sources, as in development). */
function packagesLoadedBy(args: string[], expectedStatus = 0): string[] {
  const tsx = createRequire(import.meta.url).resolve("tsx");
  const result = spawnSync(
    process.execPath,
    [
      "--no-node-snapshot",
      "--import",
      join(hooks, "register.mjs"),
      "--import",
      tsx,
      join(root, "src", "cli", "main.ts"),
      ...args,
    ],
    {
      cwd: root,
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  expect(result.status, result.stderr).toBe(expectedStatus);
  return [
    ...new Set(
      result.stderr
        .split("\n")
        .filter((line) => line.startsWith("LOADED "))
        .map((line) => line.slice("LOADED ".length)),
    ),
  ];
}

describe("commands load heavy modules only when they need them", () => {
  it.each([
    ["--help"],
    ["envs", "--json"],
    ["baseline", "--env", "bugfix", "--policy", "oracle", "--task", "clamp-0", "--episodes", "1", "--json"],
    ["baseline", "--env", "toy24", "--policy", "greedy", "--split", "heldout", "--episodes", "1", "--json"],
  ])("envrigger %s", (...args) => {
    expect(packagesLoadedBy(args).filter((name) => heavy.test(name))).toEqual([]);
  });

  it("loads them where they are used: the rig loop and its sandbox check", () => {
    const loaded = packagesLoadedBy([
      "check-component",
      join(root, "test", "fixtures", "require-test-rules.ts"),
      "--json",
    ]);
    expect(loaded).toContain("ts-morph");
  });
});
