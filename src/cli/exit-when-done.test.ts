import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exitWhenDone } from "./exit-when-done.js";

const here = dirname(fileURLToPath(import.meta.url));
const run = (body: string) =>
  spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `import { exitWhenDone } from ${JSON.stringify(join(here, "exit-when-done.ts"))};\n${body}`,
    ],
    { encoding: "utf8", timeout: 30_000 },
  );

describe("exitWhenDone", () => {
  it("ends a finished command that something left open, names it, and keeps the command's code", () => {
    const started = Date.now();
    const child = run(
      `setInterval(() => {}, 1000); exitWhenDone(3, { stderr: (text) => process.stderr.write(text), graceMs: 200 });`,
    );
    expect(child.status).toBe(3);
    expect(child.stderr).toContain("warning [LEFT_OPEN]");
    expect(child.stderr).toContain("Timeout");
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("changes nothing when nothing is left open: the process ends at once, silently, with its own code", () => {
    const started = Date.now();
    const child = run(
      `process.exitCode = 0; exitWhenDone(0, { stderr: (text) => process.stderr.write(text), graceMs: 10_000 });`,
    );
    expect(child.status).toBe(0);
    expect(child.stderr).toBe("");
    // Well under the grace: the unref'd timer did not hold the process.
    expect(Date.now() - started).toBeLessThan(9_000);
  });

  it("counts repeated resources", () => {
    const written: string[] = [];
    let exited: number | undefined;
    exitWhenDone(1, {
      stderr: (text) => written.push(text),
      activeResources: () => ["TCPSocketWrap", "TCPSocketWrap", "Timeout"],
      exit: (code) => {
        exited = code;
      },
      graceMs: 0,
    });
    return new Promise<void>((resolve) => {
      const keep = setTimeout(() => {
        expect(exited).toBe(1);
        expect(written.join("")).toContain("TCPSocketWrap ×2, Timeout");
        resolve();
      }, 50);
      void keep;
    });
  });
});
