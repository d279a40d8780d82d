import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createProgram } from "../src/cli/program.js";
import { captureIo } from "./helpers/capture-io.js";

describe("--rollout-concurrency", () => {
  it("is declared once: the same flag and help on every command, and no default that hides the policy's", () => {
    const program = createProgram(captureIo(process.cwd()).io);
    const commands = (command: Command): Command[] => command.commands.flatMap((sub) => [sub, ...commands(sub)]);
    const declared = commands(program).flatMap((command) =>
      command.options
        .filter((option) => option.long === "--rollout-concurrency")
        .map((option) => ({ command: command.name(), flags: option.flags, defaultValue: option.defaultValue })),
    );
    // export, skills extract and skills eval once said "1", so an LLM policy ran one episode at a time there.
    for (const name of ["export", "extract", "eval", "baseline", "measure", "rig", "curriculum"])
      expect(declared.map((each) => each.command)).toContain(name);
    for (const each of declared) expect(each, each.command).toMatchObject({ defaultValue: undefined });
    expect(new Set(declared.map((each) => each.flags)).size).toBe(1);
  });
});
