import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isEnvriggerError } from "../../core/errors.js";
import { isolationForTests } from "../../testing/isolation-for-tests.js";
import { runIsolated } from "./run-isolated.js";

const workspace = mkdtempSync(path.join(tmpdir(), "envrigger-isolated-"));
// The sandbox may run as another (unprivileged) user than the one who made the workspace.
chmodSync(workspace, 0o777);
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

// Node 24 reserves more than 544 MiB of private mappings (RLIMIT_DATA) just to start: with
// less, every node command would die of the memory limit before doing what a test checks.
const limits = { cpuSeconds: 1, wallMs: 8_000, memoryBytes: 768 * 1024 ** 2, processes: 64, outputBytes: 64 * 1024 };
const sh = (line: string, overrides: Partial<typeof limits> = {}) =>
  runIsolated({ argv: ["sh", "-c", line], workspace, isolation: "bwrap", limits: { ...limits, ...overrides } });

describe.skipIf(!(await isolationForTests("runIsolated under bubblewrap")))("runIsolated (bwrap)", () => {
  it("runs a command in its workspace and reports its own time apart from the sandbox's", async () => {
    const result = await sh("echo made > here.txt && cat here.txt");
    expect(result).toMatchObject({ stop: "exited", exitCode: 0, stdout: "made\n" });
    expect(existsSync(path.join(workspace, "here.txt"))).toBe(true);
    expect(result.commandMs).toBeGreaterThan(0);
    expect(result.commandMs).toBeLessThan(result.wallMs);
  });

  it("shows the host read-only, home directories empty, and no network", async () => {
    // A host directory the sandbox sees too (not the checkout: a checkout under /tmp is hidden by the sandbox's own /tmp).
    const outside = path.join(path.dirname(process.execPath), `envrigger-escape-${process.pid}`);
    const result = await sh(
      `echo x > ${outside}; ls -A /root | wc -l; node -e "require('net').connect(53,'1.1.1.1').on('error',e=>console.log(e.code))"`,
    );
    expect(existsSync(outside)).toBe(false);
    expect(result.stderr).toMatch(/Read-only file system|Permission denied/);
    expect(result.stdout).toMatch(/^0\nE(NETUNREACH|CONNREFUSED|AI_AGAIN)/);
  });

  it("stops an endless loop at the CPU limit", async () => {
    expect((await sh("node -e 'for(;;);'")).stop).toBe("cpu-limit");
  });

  it("stops a growing allocation at the memory limit", async () => {
    // CPU and wall time far above what filling the memory takes, so it fails on memory, not time.
    const limitsAboveTheFill = { cpuSeconds: 10, wallMs: 30_000 };
    expect((await sh("node -e 'const a=[];for(;;)a.push(new Array(1e6).fill(1.5))'", limitsAboveTheFill)).stop).toBe(
      "memory-limit",
    );
  });

  it("stops a fork bomb at the process limit", async () => {
    const bomb = `node -e "const c=require('child_process');for(let i=0;i<2000;i++)c.spawn('sleep',['3'])"`;
    // CPU time far above what the forks take: under load (a CI run) 2,000 spawns of node
    // once used up the 1 s limit first (`cpu-limit` after 1.2 s), which is not what this checks.
    const result = await sh(bomb, { cpuSeconds: 10 });
    // The whole result in the message: a stop other than the process limit says why only in its output.
    const seen = {
      stop: result.stop,
      exitCode: result.exitCode,
      signal: result.signal,
      stderr: result.stderr.slice(-600),
    };
    expect(result.stop, JSON.stringify(seen)).toBe("process-limit");
  });

  it("stops endless output at the output limit and keeps what fits", async () => {
    const result = await sh("yes");
    expect(result.stop).toBe("output-limit");
    expect(result.stdout.length).toBe(limits.outputBytes);
  });

  it("stops a sleeper at the wall-clock limit", async () => {
    const result = await runIsolated({
      argv: ["sleep", "30"],
      workspace,
      isolation: "bwrap",
      limits: { ...limits, wallMs: 300 },
    });
    expect(result.stop).toBe("wall-timeout");
    expect(result.wallMs).toBeLessThan(5_000);
  });
});

describe("runIsolated without bubblewrap", () => {
  it("refuses with ISOLATION_UNAVAILABLE unless the caller asked for no isolation", async () => {
    const previous = process.env.ENVRIGGER_BWRAP;
    process.env.ENVRIGGER_BWRAP = "/nonexistent/bwrap";
    try {
      const refused = await sh("true").catch((error: unknown) => error);
      expect(isEnvriggerError(refused, "ISOLATION_UNAVAILABLE")).toBe(true);
      const unconfined = await runIsolated({ argv: ["sh", "-c", "echo ran"], workspace, isolation: "none-explicit" });
      expect(unconfined).toMatchObject({ stop: "exited", stdout: "ran\n" });
    } finally {
      if (previous === undefined) delete process.env.ENVRIGGER_BWRAP;
      else process.env.ENVRIGGER_BWRAP = previous;
    }
  });
});
