/** Where CLI commands write (injectable so commands can be tested in-process). */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is an interactive terminal (progress bars only then). */
  interactive: boolean;
  /** Working directory for relative paths. */
  cwd: string;
}

/** The process's own streams. */
export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    interactive: Boolean(process.stderr.isTTY),
    cwd: process.cwd(),
  };
}
