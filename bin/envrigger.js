#!/usr/bin/env node
// Launcher: envrigger runs its TypeScript sources through tsx, and isolated-vm needs
// --no-node-snapshot on Node >= 20, so the CLI re-executes node with both flags.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsx = require.resolve("tsx");
const main = join(here, "..", "src", "cli", "main.ts");
const child = spawn(
  process.execPath,
  ["--no-node-snapshot", "--import", tsx, main, ...process.argv.slice(2)],
  { stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
