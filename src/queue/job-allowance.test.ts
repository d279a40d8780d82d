import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../core/errors.js";
import { checkJobAllowed, urlAllowed } from "./job-allowance.js";
import type { RolloutJob } from "./rollout-job.js";

const job = (env: string, policy = "greedy", chained?: string): RolloutJob => ({
  version: 1,
  stack: {
    version: 1,
    base: { env, taskId: "t" },
    layers: chained
      ? [{ kind: "chain", mode: "serial", other: { version: 1, base: { env: chained, taskId: "u" }, layers: [] } }]
      : [],
  },
  policy,
  taskId: "t",
  seed: 0,
  index: 0,
});

function refusal(body: () => void): string {
  try {
    body();
  } catch (error) {
    if (isEnvriggerError(error, "JOB_REFUSED")) return error.message;
    throw error;
  }
  return "allowed";
}

describe("what a worker allows a job to name", () => {
  const root = mkdtempSync(join(tmpdir(), "allowance-"));
  const plugins = join(root, "plugins");
  mkdirSync(plugins);
  writeFileSync(join(plugins, "policy.mjs"), "export default {}");
  writeFileSync(join(root, "outside.mjs"), "export default {}");
  symlinkSync(join(root, "outside.mjs"), join(plugins, "escape.mjs"));
  const allowance = { pluginsDirectory: plugins, allowUrls: ["http://127.0.0.1:8000/envs/"], cwd: root };

  it("allows built-ins, LLM policies, hashed learned weights and plugins inside --plugins-dir", () => {
    expect(refusal(() => checkJobAllowed(job("toy24"), allowance))).toBe("allowed");
    expect(refusal(() => checkJobAllowed(job("bugfix", "openai:gpt-4o-mini"), allowance))).toBe("allowed");
    expect(refusal(() => checkJobAllowed(job("bugfix", `learned:sha256:${"a".repeat(64)}`), allowance))).toBe(
      "allowed",
    );
    expect(refusal(() => checkJobAllowed(job("toy24", `file:${join(plugins, "policy.mjs")}`), allowance))).toBe(
      "allowed",
    );
    expect(refusal(() => checkJobAllowed(job("toy24", "file:plugins/policy.mjs"), allowance))).toBe("allowed");
  });

  it("refuses plugins outside the directory (symlinks too), missing ones, and any without --plugins-dir", () => {
    expect(refusal(() => checkJobAllowed(job("toy24", `file:${join(root, "outside.mjs")}`), allowance))).toMatch(
      /outside the worker's --plugins-dir/,
    );
    expect(refusal(() => checkJobAllowed(job("toy24", `file:${join(plugins, "escape.mjs")}`), allowance))).toMatch(
      /outside/,
    );
    expect(refusal(() => checkJobAllowed(job("toy24", "file:plugins/../outside.mjs"), allowance))).toMatch(/outside/);
    expect(refusal(() => checkJobAllowed(job(`file:${join(plugins, "none.mjs")}`), allowance))).toMatch(
      /does not exist on this worker/,
    );
    expect(
      refusal(() =>
        checkJobAllowed(job("toy24", `file:${join(plugins, "policy.mjs")}`), {
          ...allowance,
          pluginsDirectory: undefined,
        }),
      ),
    ).toMatch(/allows none/);
  });

  it("refuses URLs outside --allow-url, unknown envs (chained parts too) and learned paths", () => {
    expect(refusal(() => checkJobAllowed(job("openenv:ws://127.0.0.1:8000/envs/echo"), allowance))).toBe("allowed");
    expect(refusal(() => checkJobAllowed(job("openenv:http://127.0.0.1:8000/other"), allowance))).toMatch(
      /not allowed/,
    );
    expect(
      refusal(() => checkJobAllowed(job("toy24", "greedy", "openenv:http://evil.example/envs/"), allowance)),
    ).toMatch(/not allowed/);
    expect(refusal(() => checkJobAllowed(job("nope"), allowance))).toMatch(/unknown env/);
    expect(refusal(() => checkJobAllowed(job("bugfix", "learned:/etc/weights.json"), allowance))).toMatch(
      /content hash/,
    );
  });

  it("matches URL prefixes by scheme, host, port and path, not by text", () => {
    expect(urlAllowed("http://127.0.0.1:8000/envs/a", ["http://127.0.0.1:8000/envs"])).toBe(true);
    expect(urlAllowed("http://127.0.0.1:8000/envsX", ["http://127.0.0.1:8000/envs"])).toBe(false);
    expect(urlAllowed("http://127.0.0.1:80000/", ["http://127.0.0.1:8000"])).toBe(false);
    expect(urlAllowed("http://good.example.evil.example/", ["http://good.example"])).toBe(false);
    expect(urlAllowed("wss://host.example/ws", ["https://host.example/"])).toBe(true);
    expect(urlAllowed("not a url", ["http://host.example/"])).toBe(false);
  });
});
