#!/usr/bin/env -S node --no-node-snapshot
// Launcher of the envrigger CLI: runs the compiled JavaScript in dist/ (built by
// `npm run build`, which `npm ci` runs as its prepare step). isolated-vm needs
// --no-node-snapshot on Node >= 20: the shebang passes it, and when node was started
// without it (`node bin/envrigger.js`, or a system whose env has no -S) the launcher
// re-executes node with it. ENVRIGGER_FROM_SOURCE=1 runs the TypeScript sources through
// tsx instead (what the test suite does, so tests never run a stale build).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const fromSource = process.env.ENVRIGGER_FROM_SOURCE === "1";
const main = fileURLToPath(new URL(fromSource ? "../src/cli/main.ts" : "../dist/cli/main.js", import.meta.url));
if (!existsSync(main)) {
  process.stderr.write(`error: ${main} is missing: build envrigger first with \`npm run build\` (npm ci does it)\n`);
  process.exit(1);
}
if (!fromSource && process.execArgv.includes("--no-node-snapshot")) {
  await import(new URL("../dist/cli/main.js", import.meta.url).href);
} else {
  const loader = fromSource ? ["--import", createRequire(import.meta.url).resolve("tsx")] : [];
  const child = spawn(process.execPath, ["--no-node-snapshot", ...loader, main, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  // Started by npm (npx, an npm script): a stop signal to npm's process ends npm and its shell,
  // not this launcher; when the parent is gone, stop the child as SIGTERM would.
  if (process.env.npm_command !== undefined) {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(watch);
      child.kill("SIGTERM");
    }, 200);
    watch.unref();
  }
  child.on("exit", (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
