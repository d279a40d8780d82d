import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { homedir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RepoTestRun, runRepoTests } from "../src/bridges/repo/test-results/index.js";
import type { Workspace } from "../src/bridges/repo/workspace/index.js";
import type { IsolatedStop } from "../src/sandbox/process/index.js";
import { isolationForTests } from "../src/testing/isolation-for-tests.js";
import { repoWorkspaceForTests } from "./helpers/repo-workspace.js";

/**
 * The hostile battery for real code: each test is one edit an agent could make to a real
 * repository (dequal, run by its own `npx uvu -r esm test`), run under the sandbox the repo
 * env uses. Every edit must end with a clear stop reason, leave the host as it was, and be
 * undone by a workspace reset.
 */
const LIMITS = { cpuSeconds: 3, memoryBytes: 768 * 1024 ** 2, processes: 128, outputBytes: 256 * 1024, wallMs: 30_000 };

let workspace: Workspace;
let testCommand: string;
let pristine: string;
let server: Server;
let port = 0;
let connections = 0;
/** A host directory outside the workspace (under the repository, which the sandbox sees read-only). */
const hostDirectory = mkdtempSync(path.join(process.cwd(), ".hostile-repo-"));
/** A secret in the user's home directory, which the sandbox hides. */
let secretDirectory = "";

const isolated = await isolationForTests("hostile repo edits");

beforeAll(async () => {
  if (!isolated) return;
  const made = await repoWorkspaceForTests("dequal");
  workspace = made.workspace;
  testCommand = made.entry.test_command;
  pristine = readFileSync(path.join(workspace.dir, "src", "index.js"), "utf8");
  server = createServer((socket) => {
    connections += 1;
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
  secretDirectory = mkdtempSync(path.join(homedir(), ".envrigger-hostile-"));
  writeFileSync(path.join(secretDirectory, "token"), "s3cret");
}, 240_000);

afterAll(async () => {
  await workspace?.dispose();
  server?.close();
  rmSync(hostDirectory, { recursive: true, force: true });
  if (secretDirectory) rmSync(secretDirectory, { recursive: true, force: true });
});

/** Add `code` as a test file of the suite (CommonJS, run by uvu like the repository's own tests) and run the suite. */
async function runHostile(code: string, limits: Partial<typeof LIMITS> = {}): Promise<RepoTestRun> {
  writeFileSync(path.join(workspace.dir, "test", "hostile.js"), code);
  try {
    return await runRepoTests({
      workspace: workspace.dir,
      testCommand,
      isolation: "bwrap",
      limits: { ...LIMITS, ...limits },
    });
  } finally {
    await workspace.reset();
    expect(existsSync(path.join(workspace.dir, "test", "hostile.js"))).toBe(false);
    expect(readFileSync(path.join(workspace.dir, "src", "index.js"), "utf8")).toBe(pristine);
  }
}

const expectStop = (run: RepoTestRun, stop: IsolatedStop) => expect(run.stop, run.output.slice(-2000)).toBe(stop);

describe.skipIf(!isolated)("hostile repo edits", () => {
  it("an endless loop stops at the CPU limit", async () => {
    expectStop(await runHostile("for (;;) {}"), "cpu-limit");
  }, 60_000);

  it("a growing allocation stops at the memory limit", async () => {
    // CPU time far above what filling the memory takes (over 3 CPU-seconds for 768 MiB on this
    // machine's kind, even when quiet), so it stops on memory, not time; the CPU limit has its own test.
    expectStop(
      await runHostile("const hoard = []; for (;;) hoard.push(new Array(1e6).fill(1.5));", { cpuSeconds: 20 }),
      "memory-limit",
    );
  }, 60_000);

  it("a fork bomb stops at the process limit", async () => {
    // A test that never ends, whose every process starts two copies of itself and stays.
    const bomb = `const { spawn } = require("child_process");
const grow = () => { for (let i = 0; i < 2; i++) spawn(process.execPath, [__filename], { stdio: "inherit" }); };
if (require.main === module) { grow(); setInterval(() => {}, 1000); }
else { const { test } = require("uvu"); test("bomb", () => new Promise(grow)); test.run(); }`;
    expectStop(await runHostile(bomb, { wallMs: 10_000 }), "process-limit");
  }, 60_000);

  it("endless output stops at the output limit", async () => {
    // A test that prints without end. (A loop that never yields cannot flush node's stdout:
    // its pending writes pile up in memory and meet the CPU or memory limit instead.)
    const spam = `const { test } = require("uvu");
test("spam", async () => { for (;;) { process.stdout.write("spam ".repeat(1000)); await new Promise((go) => setImmediate(go)); } });
test.run();`;
    const run = await runHostile(spam);
    expectStop(run, "output-limit");
    expect(run.output.length).toBeLessThanOrEqual(LIMITS.outputBytes + 1);
  }, 60_000);

  it("a run that never ends stops at the wall-clock limit", async () => {
    // A test that waits for ever (uvu's CLI exits after its tests, so the wait is inside one).
    const hang = `const { test } = require("uvu");
test("hang", () => new Promise(() => setInterval(() => {}, 1000)));
test.run();`;
    const run = await runHostile(hang, { wallMs: 4_000 });
    expectStop(run, "wall-timeout");
  }, 60_000);

  it("no network: neither the internet nor the host's loopback is reachable", async () => {
    const code = `const net = require("net");
const reach = (host, p) => new Promise((done) => {
  const socket = net.connect(p, host, () => { console.log("REACHED " + host); socket.destroy(); done(); });
  socket.on("error", (error) => { console.log("BLOCKED " + host + " " + error.code); done(); });
});
const { test } = require("uvu");
test("network", async () => { await reach("1.1.1.1", 80); await reach("127.0.0.1", ${port}); });
test.run();`;
    const run = await runHostile(code);
    expectStop(run, "exited");
    expect(run.output).toMatch(/BLOCKED 1\.1\.1\.1/);
    expect(run.output).toMatch(/BLOCKED 127\.0\.0\.1/);
    expect(run.output).not.toMatch(/REACHED/);
    expect(connections).toBe(0);
  }, 60_000);

  it("writes outside the workspace fail: the host, the prepared checkout, the dependency cache", async () => {
    const nodeModules = realpathSync(path.join(workspace.dir, "node_modules"));
    const uvuManifest = path.join(nodeModules, "uvu", "package.json");
    const before = readFileSync(uvuManifest, "utf8");
    const targets = [path.join(hostDirectory, "planted"), uvuManifest, "/etc/envrigger-planted"];
    const code = `const fs = require("fs");
for (const target of ${JSON.stringify(targets)}) {
  try { fs.writeFileSync(target, "planted"); console.log("WROTE " + target); }
  catch (error) { console.log("REFUSED " + error.code); }
}
try { fs.symlinkSync(${JSON.stringify(hostDirectory)}, "escape"); fs.writeFileSync("escape/through-link", "x"); console.log("WROTE link"); }
catch (error) { console.log("REFUSED link " + error.code); }`;
    const run = await runHostile(code);
    expect(run.output).not.toMatch(/WROTE/);
    expect(run.output.match(/REFUSED/g)).toHaveLength(4);
    expect(existsSync(path.join(hostDirectory, "planted"))).toBe(false);
    expect(existsSync(path.join(hostDirectory, "through-link"))).toBe(false);
    expect(existsSync("/etc/envrigger-planted")).toBe(false);
    expect(readFileSync(uvuManifest, "utf8")).toBe(before);
    expect(existsSync(path.join(workspace.dir, "escape"))).toBe(false);
  }, 60_000);

  it("the user's home directory is hidden: a secret there cannot be read", async () => {
    const code = `const fs = require("fs");
try { console.log("READ " + fs.readFileSync(${JSON.stringify(path.join(secretDirectory, "token"))}, "utf8")); }
catch (error) { console.log("HIDDEN " + error.code); }`;
    const run = await runHostile(code);
    expect(run.output).toMatch(/HIDDEN ENOENT/);
    expect(run.output).not.toMatch(/s3cret/);
  }, 60_000);

  it("kill(-1) reaches only the sandbox's own processes", async () => {
    const bystander = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      const code = `const { test } = require("uvu");
test("signal everyone", () => { process.kill(-1, "SIGKILL"); });
test.run();`;
      await runHostile(code);
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
      expect(process.kill(bystander.pid as number, 0)).toBe(true);
    } finally {
      bystander.kill("SIGKILL");
    }
  }, 60_000);

  it("a daemon it starts does not outlive the run", async () => {
    const marker = `envrigger-hostile-${process.pid}-${Date.now()}`;
    const code = `const { spawn } = require("child_process");
const { test } = require("uvu");
test("start a daemon", async () => {
  const daemon = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "${marker}"], { detached: true, stdio: "ignore" });
  daemon.unref();
  await new Promise((go) => setTimeout(go, 300));
  process.kill(daemon.pid, 0); // throws unless it runs
});
test.run();`;
    const run = await runHostile(code);
    expect(run.tests.find((test) => test.name === "start a daemon")?.status).toBe("pass");
    const processes = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
    expect(processes).not.toContain(marker);
  }, 60_000);

  it("after the battery the repository's own tests still pass in the same workspace", async () => {
    const run = await runRepoTests({ workspace: workspace.dir, testCommand, isolation: "bwrap", limits: LIMITS });
    expect(run).toMatchObject({ stop: "exited", exitCode: 0 });
    expect(run.tests.filter((test) => test.status === "pass")).toHaveLength(44);
  }, 60_000);
});
