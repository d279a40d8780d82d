// Ctrl-C in a real terminal: the run is started under `script` (util-linux), which gives it a
// pseudo-terminal, so the progress bar draws (hiding the cursor, turning line wrap off) and a
// Ctrl-C byte typed into the terminal reaches the whole foreground process group as SIGINT,
// launcher and task processes included — as at a shell prompt.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const bin = join(root, "bin", "envrigger.js");
const tasks = "clamp-0,range-0,compare-0,divide-0,init-0,clamp-1";
const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
const HIDE_CURSOR = "\u001b[?25l";

/** Runs the command until `ready(output)` holds (polled), then interrupts it with `interrupt`; the exit code and output. */
function interrupted(
  command: string,
  args: string[],
  ready: (output: { stdout: string; stderr: string }) => boolean,
  interrupt: (child: ReturnType<typeof spawn>) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    const output = { stdout: "", stderr: "" };
    child.stdout.on("data", (chunk: Buffer) => {
      output.stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output.stderr += chunk.toString("utf8");
    });
    const poll = setInterval(() => {
      if (!ready(output)) return;
      clearInterval(poll);
      interrupt(child);
    }, 20);
    child.on("exit", (code) => {
      clearInterval(poll);
      resolve({ code, ...output });
    });
  });
}

describe("an interrupted run", () => {
  it.skipIf(!hasScript)(
    "Ctrl-C during curriculum: exit 130, the terminal restored, a line naming curriculum --resume",
    async () => {
      const work = mkdtempSync(join(tmpdir(), "interrupt-"));
      const out = join(work, "run");
      const command = [bin, "curriculum", "--env", "bugfix", "--policy", "hasty", "--task", tasks, "--out", out]
        .map((word) => `'${word}'`)
        .join(" ");
      // The bar starts when the first task is done; Ctrl-C then, with tasks left to rig.
      const { code, stdout: output } = await interrupted(
        "script",
        ["--quiet", "--flush", "--return", "--command", command, "/dev/null"],
        ({ stdout }) => stdout.includes(HIDE_CURSOR),
        (child) => child.stdin?.write("\u0003"),
      );
      expect(code, output).toBe(130);
      const afterBar = output.slice(output.lastIndexOf(HIDE_CURSOR));
      expect(afterBar).toContain("\u001b[?25h");
      expect(afterBar).toContain("\u001b[?7h");
      // The restore comes before the line, and the line names the command that continues the run.
      expect(afterBar.lastIndexOf("\u001b[?7h")).toBeLessThan(afterBar.indexOf("interrupted (SIGINT)"));
      expect(afterBar).toMatch(/interrupted \(SIGINT\): the run stopped with its checkpoints kept; continue it with/);
      expect(afterBar).toContain(`curriculum --resume ${out}`);
      expect(existsSync(join(out, "run.json"))).toBe(true);
      expect(existsSync(join(out, "result.json"))).toBe(false);
    },
    300_000,
  );

  it("SIGTERM during rig: exit 143 and the resume line, without terminal escapes on a pipe", async () => {
    const work = mkdtempSync(join(tmpdir(), "interrupt-"));
    const out = join(work, "run");
    const { code, stderr } = await interrupted(
      process.execPath,
      [bin, "rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--k-max", "40", "--out", out],
      () => existsSync(join(out, "events.jsonl")),
      (child) => child.kill("SIGTERM"),
    );
    expect(code, stderr).toBe(143);
    expect(stderr).not.toContain("\u001b[");
    expect(stderr).toMatch(
      /interrupted \(SIGTERM\): the run stopped with its checkpoints kept; continue it with\n {2}\S+ curriculum --resume /,
    );
    expect(stderr).toContain(`curriculum --resume ${out}`);
  }, 300_000);
});
