import { type ChildProcess, spawn } from "node:child_process";
import { availableParallelism } from "node:os";

/** Options of {@link startCpuBurners}. */
export interface CpuBurnersOptions {
  /** How many busy processes (default: one per core). */
  count?: number;
  /** Each process ends by itself after this many ms, so a burner left behind by a crash cannot outlive its purpose (default 10 min). */
  maxMs?: number;
}

/** Busy processes started by {@link startCpuBurners}. */
export interface CpuBurners {
  /** Their process ids. */
  readonly pids: readonly number[];
  /** Ends them (SIGKILL, by pid) and waits for them to exit. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Child processes that do nothing but spin, to load the machine while a test or bench checks
 * that a result does not depend on how busy the machine is. Each one also exits when its
 * parent is gone or `maxMs` has passed.
 */
export function startCpuBurners(options: CpuBurnersOptions = {}): CpuBurners {
  const count = options.count ?? availableParallelism();
  const maxMs = options.maxMs ?? 600_000;
  const source = `const parent = process.ppid, end = Date.now() + ${maxMs};
for (;;) { for (let index = 0; index < 5e6; index++); if (process.ppid !== parent || Date.now() > end) process.exit(0); }`;
  const children: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ["-e", source], { stdio: "ignore" }),
  );
  return {
    pids: children.map((child) => child.pid ?? -1),
    async stop() {
      await Promise.all(
        children.map((child) => {
          if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
          const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
          child.kill("SIGKILL");
          return exited;
        }),
      );
    },
  };
}
