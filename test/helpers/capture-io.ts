import type { CliIo } from "../../src/cli/cli-io.js";
import { runCli } from "../../src/cli/program.js";

/** A `CliIo` that keeps what the command printed, for tests that read it afterwards. */
export interface CapturedIo {
  io: CliIo;
  /** Everything written to stdout so far. */
  out: () => string;
  /** Everything written to stderr so far. */
  err: () => string;
}

/** A non-interactive `CliIo` rooted at `cwd` that records stdout and stderr. */
export function captureIo(cwd: string): CapturedIo {
  const chunks = { stdout: [] as string[], stderr: [] as string[] };
  return {
    io: {
      stdout: (text) => {
        chunks.stdout.push(text);
      },
      stderr: (text) => {
        chunks.stderr.push(text);
      },
      interactive: false,
      cwd,
    },
    out: () => chunks.stdout.join(""),
    err: () => chunks.stderr.join(""),
  };
}

/** Runs the envrigger command in-process from `cwd` and returns its exit code and output. */
export async function runCapturedCli(
  cwd: string,
  argv: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const captured = captureIo(cwd);
  const code = await runCli([...argv], captured.io);
  return { code, stdout: captured.out(), stderr: captured.err() };
}
