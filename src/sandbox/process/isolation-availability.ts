import { spawn } from "node:child_process";
import { bwrapArguments, type SandboxIdentity } from "./sandbox-command.js";
import { resolveProcessLimits } from "./process-limits.js";

/** Whether bubblewrap can confine a command here, and if not why. */
export type IsolationAvailability = { available: true } | { available: false; reason: string };

const probes = new Map<string, Promise<IsolationAvailability>>();

/** The bubblewrap executable: `ENVRIGGER_BWRAP` when set (a path or a name on PATH), else `bwrap`. */
export function bwrapExecutable(): string {
  return process.env.ENVRIGGER_BWRAP || "bwrap";
}

/** Whether this process runs as root (then the sandbox drops to an unprivileged uid). */
export function runsAsRoot(): boolean {
  return process.getuid?.() === 0;
}

/** A fresh unprivileged uid per run, so RLIMIT_NPROC counts that run's processes only. */
export function sandboxIdentity(): SandboxIdentity {
  return { privileged: runsAsRoot(), sandboxUid: 200_000 + Math.floor(Math.random() * 60_000) };
}

/**
 * Whether a bubblewrap sandbox (with prlimit and, as root, setpriv) starts here: one real
 * sandboxed `true`, probed once per process.
 */
export function checkIsolation(): Promise<IsolationAvailability> {
  const executable = bwrapExecutable();
  let probe = probes.get(executable);
  if (!probe) {
    probe = probeIsolation(executable);
    probes.set(executable, probe);
  }
  return probe;
}

async function probeIsolation(executable: string): Promise<IsolationAvailability> {
  const argv = bwrapArguments(
    ["true"],
    { workspace: "/tmp", cwd: "/", readOnlyPaths: [], writablePaths: [] },
    resolveProcessLimits(),
    sandboxIdentity(),
  );
  return new Promise((resolve) => {
    let stderr = "";
    const child = spawn(executable, argv.slice(1), { stdio: ["ignore", "ignore", "pipe", "ignore"] });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      resolve({
        available: false,
        reason: error.code === "ENOENT" ? `${executable} is not installed` : `bwrap did not start: ${error.message}`,
      }),
    );
    child.on("close", (code) =>
      resolve(
        code === 0
          ? { available: true }
          : { available: false, reason: `a test sandbox failed (exit ${code}): ${stderr.trim().slice(0, 300)}` },
      ),
    );
  });
}
