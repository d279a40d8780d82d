import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OpenEnvTestClient } from "../src/testing/openenv-test-client.js";

const root = join(import.meta.dirname, "..");
const cli = ["--no-node-snapshot", "--import", "tsx", join(root, "src", "cli", "main.ts")];

describe("envrigger serve (the command)", () => {
  it("says where it listens, warns off loopback, serves, and drains on SIGTERM: open sessions closed cleanly, exit 0", async () => {
    const child = spawn(
      process.execPath,
      [...cli, "serve", "--env", "bugfix", "--task", "clamp-0,range-0", "--host", "0.0.0.0", "--port", "0", "--json"],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const listening = await new Promise<{ url: string; webSocket: string; stacks: number }>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        stdout += String(chunk);
        if (stdout.includes("\n")) resolve(JSON.parse(stdout.split("\n")[0]!));
      });
      child.once("exit", () => reject(new Error(`serve exited early: ${stderr}`)));
    });
    expect(listening).toMatchObject({
      url: expect.stringMatching(/^http:\/\/0\.0\.0\.0:\d+$/),
      webSocket: expect.stringMatching(/\/ws$/),
      stacks: 2,
    });
    expect(stderr).toMatch(/warning: binding 0\.0\.0\.0, not loopback/);
    const url = listening.url.replace("0.0.0.0", "127.0.0.1");
    const client = await OpenEnvTestClient.connect(url);
    expect(
      ((await client.ask({ type: "reset", data: { seed: 1, task_id: "range-0" } })) as { type: string }).type,
    ).toBe("observation");
    child.kill("SIGTERM");
    expect(await client.closed).toEqual({ code: 1001, reason: "server shutting down" });
    expect(await exited).toBe(0);
    expect(stderr).toMatch(/draining 1 session\(s\)[\s\S]*stopped/);
    await expect(OpenEnvTestClient.connect(url)).rejects.toThrow();
  }, 60_000);

  it("refuses bad arguments with exit code 2", () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [...cli, "serve", ...args, "--port", "0"], {
        cwd: root,
        encoding: "utf8",
        timeout: 60_000,
      });
    const unknownTask = run("--env", "bugfix", "--task", "nope-9");
    expect(unknownTask.status).toBe(2);
    expect(unknownTask.stderr).toMatch(/UNKNOWN_TASK[\s\S]*nope-9/);
    const weights = run("--env", "bugfix", "--task", "clamp-0", "--weights", "validation");
    expect(weights.status).toBe(2);
    expect(weights.stderr).toMatch(/--weights validation needs every served stack's validated success/);
    expect(run("--env", "bugfix", "--task", "clamp-0", "--stack", "x.json").status).toBe(2);
  }, 120_000);

  it("started by its launcher with a stack and no --env, stops drained within 5 s of SIGTERM to the launcher's PID", async () => {
    const stack = join(mkdtempSync(join(tmpdir(), "serve-cli-")), "stack.json");
    const source = `export default defineRules({\n  filterObservation(observation) {\n    return { text: observation.text + " (served)" };\n  },\n});\n`;
    writeFileSync(
      stack,
      JSON.stringify({ version: 1, base: { env: "bugfix", taskId: "clamp-0" }, layers: [{ kind: "rules", source }] }),
    );
    // What a supervisor starts: the package's launcher (here from source, as the suite runs it).
    const child = spawn(join(root, "bin", "envrigger.js"), ["serve", "--stack", stack, "--port", "0", "--json"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ENVRIGGER_FROM_SOURCE: "1" },
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const listening = await new Promise<{ url: string; env: string }>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        stdout += String(chunk);
        if (stdout.includes("\n")) resolve(JSON.parse(stdout.split("\n")[0]!));
      });
      child.once("exit", () => reject(new Error(`serve exited early: ${stderr}`)));
    });
    expect(listening.env).toBe("bugfix");
    const client = await OpenEnvTestClient.connect(listening.url);
    const reset = (await client.ask({ type: "reset", data: { seed: 1 } }, 60_000)) as {
      data: { observation: { text: string } };
    };
    expect(reset.data.observation.text).toMatch(/\(served\)$/);
    const signalled = performance.now();
    child.kill("SIGTERM");
    expect(await client.closed).toEqual({ code: 1001, reason: "server shutting down" });
    expect(await exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(5_000);
    await expect(OpenEnvTestClient.connect(listening.url)).rejects.toThrow();
  }, 120_000);

  it("started as the docs start it, `npx envrigger serve` in a project that has it installed, stops drained within 5 s of SIGTERM to npx's PID", async () => {
    const project = mkdtempSync(join(tmpdir(), "serve-npx-"));
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "trainer", version: "1.0.0", private: true }));
    mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
    symlinkSync(root, join(project, "node_modules", "envrigger"));
    symlinkSync(join("..", "envrigger", "bin", "envrigger.js"), join(project, "node_modules", ".bin", "envrigger"));
    const child = spawn(
      "npx",
      ["envrigger", "serve", "--env", "bugfix", "--task", "clamp-0", "--port", "0", "--json"],
      {
        cwd: project,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, ENVRIGGER_FROM_SOURCE: "1" },
      },
    );
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += String(chunk)));
    const listening = await new Promise<{ url: string }>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        stdout += String(chunk);
        if (stdout.includes("\n")) resolve(JSON.parse(stdout.split("\n")[0]!));
      });
      child.once("exit", () => reject(new Error(`serve exited early: ${stderr}`)));
    });
    const client = await OpenEnvTestClient.connect(listening.url);
    expect((await client.ask({ type: "reset", data: { seed: 1 } }, 60_000)).type).toBe("observation");
    const signalled = performance.now();
    child.kill("SIGTERM");
    // npm's process ends at once; the server (npm's grandchild) drains: the session is closed cleanly.
    expect(await client.closed).toEqual({ code: 1001, reason: "server shutting down" });
    await expect.poll(() => stderr, { timeout: 5_000 }).toContain("envrigger serve: stopped");
    expect(performance.now() - signalled).toBeLessThan(5_000);
    await expect(OpenEnvTestClient.connect(listening.url)).rejects.toThrow();
  }, 120_000);
});
