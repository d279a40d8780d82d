import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

/** Run the CLI under this machine's node, which reports `version` as its own (process.versions.node). */
function cliReportingNode(version: string, args: string[]) {
  const pretend = `data:text/javascript,Object.defineProperty(process.versions,"node",{value:${JSON.stringify(version)}})`;
  return spawnSync(
    process.execPath,
    ["--no-node-snapshot", "--import", pretend, "--import", "tsx", join(root, "src", "cli", "main.ts"), ...args],
    { cwd: root, encoding: "utf8", timeout: 120_000 },
  );
}

describe("the CLI on a Node it does not support", () => {
  it("exits 1 with one line naming the version and the fix, before any command runs", () => {
    const result = cliReportingNode("26.1.0", ["envs", "--json"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^error \[UNSUPPORTED_NODE\]: Node 26\.1\.0 is not supported: envrigger runs on Node 20 \(≥ 20\.19\.0\), 22 \(≥ 22\.12\.0\), 24 \(≥ 24\.0\.0\); install Node 24 \(or another of these\) and run `npm ci` again with it\n$/,
    );
  }, 120_000);

  it("runs as usual on a supported one", () => {
    const result = cliReportingNode("24.22.3", ["envs", "--json"]);
    expect(result.status, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { envs: unknown[] }).envs.length).toBeGreaterThan(0);
  }, 120_000);
});
