import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { envriggerCommand, interruptedRunMessage, pathFrom, resumeCommand } from "./resume-command.js";

describe("the command a user types", () => {
  it("is envrigger where the package is installed, and the launcher's path in a checkout", () => {
    expect(envriggerCommand("/home/me/project", "/home/me/project/node_modules/envrigger")).toBe("envrigger");
    expect(envriggerCommand("/usr/lib", "/usr/lib/node_modules/envrigger")).toBe("envrigger");
    expect(envriggerCommand("/src/envrigger", "/src/envrigger")).toBe("./bin/envrigger.js");
    expect(envriggerCommand("/src/envrigger/docs", "/src/envrigger")).toBe("/src/envrigger/bin/envrigger.js");
  });

  it("names the run directory relative to the working directory when inside it", () => {
    expect(pathFrom("/work", "/work/runs/a")).toBe("runs/a");
    expect(pathFrom("/work/sub", "/work/runs/a")).toBe("/work/runs/a");
    expect(resumeCommand("/p/runs/bugfix-hasty-1", "/p", "/p")).toBe(
      "./bin/envrigger.js curriculum --resume runs/bugfix-hasty-1",
    );
  });

  it("after a signal: the resume command once the run has written its configuration, and nothing before", () => {
    const cwd = mkdtempSync(join(tmpdir(), "resume-command-"));
    const run = join(cwd, "runs", "r");
    const root = join(cwd, "node_modules", "envrigger");
    expect(interruptedRunMessage(run, cwd, root)).toBe("the run stopped before it wrote anything");
    mkdirSync(run, { recursive: true });
    writeFileSync(join(run, "run.json"), "{}");
    expect(interruptedRunMessage(run, cwd, root)).toBe(
      "the run stopped with its checkpoints kept; continue it with\n  envrigger curriculum --resume runs/r",
    );
  });
});
