import { spawn } from "node:child_process";
import path from "node:path";
import type { Readable } from "node:stream";
import { EnvriggerError } from "../../core/errors.js";
import { classifyStop } from "./classify-stop.js";
import { bwrapExecutable, checkIsolation, sandboxIdentity } from "./isolation-availability.js";
import { type IsolatedRunOptions, type IsolatedRunResult, isolatedRunOptionsSchema } from "./isolated-run.js";
import { resolveProcessLimits } from "./process-limits.js";
import { parseCommandReport } from "./command-report.js";
import { bwrapArguments, prlimitArguments, sandboxEnvironment, wrappedCommand } from "./sandbox-command.js";

/** How much of the output's end {@link classifyStop} reads for a runtime's last words. */
const TAIL_CHARACTERS = 4_000;

/**
 * Run a command that may be hostile (code an agent edited) under OS isolation and resource
 * limits, and say how it ended. With `isolation: "bwrap"` the command sees the host
 * read-only (home directories hidden), writes only its workspace, its own /tmp and
 * `writablePaths`, has no network and its own process tree; CPU time, memory, file size
 * and process count are kernel limits; output and wall time are counted here, and the
 * whole tree is killed when either runs out. Every way the command can end is a result
 * (a {@link IsolatedRunResult.stop} reason), never a throw; what throws is a sandbox that
 * cannot start: `ISOLATION_UNAVAILABLE` when bubblewrap does not work here and the caller
 * did not ask for `isolation: "none-explicit"` (the same limits, no confinement).
 */
export async function runIsolated(options: IsolatedRunOptions): Promise<IsolatedRunResult> {
  const parsed = isolatedRunOptionsSchema.parse(options);
  const limits = resolveProcessLimits(parsed.limits);
  const workspace = path.resolve(parsed.workspace);
  const cwd = path.resolve(workspace, parsed.cwd ?? ".");
  let commandLine: string[];
  if (parsed.isolation === "bwrap") {
    const availability = await checkIsolation();
    if (!availability.available)
      throw new EnvriggerError("ISOLATION_UNAVAILABLE", `cannot run code under isolation: ${availability.reason}`, {
        hint: 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; it needs prlimit and setpriv from util-linux), or pass isolation "none-explicit" to run it unconfined',
      });
    const paths = {
      workspace,
      cwd,
      readOnlyPaths: parsed.readOnlyPaths.map((entry) => path.resolve(entry)),
      writablePaths: parsed.writablePaths.map((entry) => path.resolve(entry)),
      scratchPaths: parsed.scratchPaths.map((entry) => path.resolve(entry)),
    };
    const [, ...sandboxArguments] = bwrapArguments(parsed.argv, paths, limits, sandboxIdentity());
    commandLine = [bwrapExecutable(), ...sandboxArguments];
  } else {
    commandLine = [...prlimitArguments(limits, false), ...wrappedCommand(parsed.argv)];
  }
  return spawnLimited(commandLine, parsed.isolation === "bwrap" ? "/" : cwd, sandboxEnvironment(parsed.env), limits);
}

function spawnLimited(
  commandLine: string[],
  cwd: string,
  env: Record<string, string>,
  limits: ReturnType<typeof resolveProcessLimits>,
): Promise<IsolatedRunResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(commandLine[0], commandLine.slice(1), {
      cwd,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe", "pipe"],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let report = "";
    let outputBytes = 0;
    let killedFor: "wall-timeout" | "output-limit" | null = null;
    const kill = (reason: "wall-timeout" | "output-limit") => {
      killedFor ??= reason;
      // The process group: bwrap (whose sandbox dies with it) or, unconfined, the command's tree.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      const room = limits.outputBytes - outputBytes;
      if (room > 0) into.push(room >= chunk.length ? chunk : chunk.subarray(0, room));
      outputBytes += chunk.length;
      if (outputBytes > limits.outputBytes) kill("output-limit");
    };
    child.stdout?.on("data", collect(stdout));
    child.stderr?.on("data", collect(stderr));
    (child.stdio[3] as Readable).on("data", (chunk: Buffer) => {
      if (report.length < 1_000) report += chunk.toString();
    });
    const timer = setTimeout(() => kill("wall-timeout"), limits.wallMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({
        exitCode: null,
        signal: null,
        stdout: "",
        stderr: `cannot start ${commandLine[0]}: ${error.message}`,
        stop: "spawn-failed",
        wallMs: performance.now() - started,
        commandMs: null,
        cpuMs: null,
      });
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      const out = Buffer.concat(stdout).toString();
      const err = Buffer.concat(stderr).toString();
      const measured = parseCommandReport(report);
      const stop = classifyStop({
        killedFor,
        exitCode,
        signal,
        outputTail: out.slice(-TAIL_CHARACTERS) + err.slice(-TAIL_CHARACTERS),
        cpuMs: measured?.cpuMs ?? null,
        cpuLimitMs: limits.cpuSeconds * 1000,
      });
      resolve({
        exitCode,
        signal,
        stdout: out,
        stderr: err,
        stop,
        wallMs: performance.now() - started,
        commandMs: measured?.commandMs ?? null,
        cpuMs: measured?.cpuMs ?? null,
      });
    });
  });
}
