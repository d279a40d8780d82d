import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
  type ScriptedServerReply,
} from "../src/testing/openai-compatible-server.js";

const root = join(import.meta.dirname, "..");
const bin = join(root, "bin", "envrigger.js");

const diagnosis: ScriptedServerReply = {
  kind: "tool-call",
  arguments: {
    text: "submits without testing",
    weaknesses: [{ id: "skips-verification", evidence: "half the episodes", severity: 0.5 }],
    direction: "harder",
  },
};
const proposal = (probability: number): ScriptedServerReply => ({
  kind: "tool-call",
  arguments: {
    rationale: `block submit until a test ran, in ${probability * 100}% of episodes`,
    layers: [
      {
        kind: "rules",
        source: `export default defineRules({
  filterAction(action, context) {
    if (context.memory.on === undefined) context.memory.on = context.random() < ${probability};
    if (action.name === "test") context.memory.tested = true;
    if (context.memory.on === true && action.name === "submit" && context.memory.tested !== true) return { block: "run the tests first" };
    return undefined;
  },
});
`,
      },
    ],
  },
});

function run(
  argv: string[],
  environment: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...argv], {
      env: { ...process.env, ...environment },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (status) => resolve({ status, stdout, stderr }));
  });
}

let server: OpenAiCompatibleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("a provider no retry can fix", () => {
  for (const command of ["rig", "curriculum"] as const) {
    it(`${command}: exits 1 within 30 s with a one-line reason, keeps the checkpoints, and --resume finishes once the endpoint is back`, async () => {
      const work = mkdtempSync(join(tmpdir(), "outage-"));
      const out = join(work, "run");
      const args = [
        command,
        "--env",
        "bugfix",
        "--task",
        "clamp-0",
        "--policy",
        "hasty",
        "--designer",
        "openai:local-model",
        "--k-max",
        "20",
        "--revisions",
        "1",
        "--out",
        out,
        "--candidates",
        join(work, "c"),
      ];
      const started = Date.now();
      const down = spawnSync(process.execPath, [bin, ...args], {
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, OPENAI_BASE_URL: "http://127.0.0.1:9/v1" },
      });
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(down.status).toBe(1);
      const lines = down.stderr.trim().split("\n");
      expect(lines, down.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^error \[PROVIDER_UNAVAILABLE\]: openai model local-model failed .*OPENAI_BASE_URL.*--resume /,
      );
      expect(down.stderr).not.toMatch(/\n\s+at /);
      expect(readdirSync(join(out, "checkpoints")).length).toBeGreaterThan(0);
      expect(existsSync(join(out, "result.json"))).toBe(false);

      server = await startOpenAiCompatibleServer({ replies: [diagnosis, proposal(1), proposal(0.6)] });
      const up = await run([command, "--resume", out, "--json"], { OPENAI_BASE_URL: server.baseUrl });
      expect(up.status, up.stderr).toBe(0);
      // `rig --json` prints its one task's result; `curriculum --json` the run with its tasks.
      type TaskJson = { taskId: string; outcome: string; error: unknown };
      const printed = JSON.parse(up.stdout) as TaskJson & { tasks?: TaskJson[] };
      const tasks = command === "rig" ? [printed] : printed.tasks!;
      expect(tasks).toHaveLength(1);
      expect(tasks[0]!.taskId).toBe("clamp-0");
      expect(["accepted", "rejected"]).toContain(tasks[0]!.outcome);
      expect(tasks[0]!.error).toBeNull();
      expect(server.requests.length).toBeGreaterThanOrEqual(2);
      expect(existsSync(join(out, "result.json"))).toBe(true);
    }, 120_000);
  }
});
