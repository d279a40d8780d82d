import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { decimalOptionLimits, integerOptionLimits } from "../src/cli/parse-arguments.js";
import { createProgram } from "../src/cli/program.js";
import { captureIo, runCapturedCli } from "./helpers/capture-io.js";

const cwd = process.cwd();

/** An option that takes a whole number: a numeric default or a numeric placeholder (and not a decimal option). */
function isIntegerOption(option: Command["options"][number]): boolean {
  if (!option.required && !option.optional) return false;
  if (option.long && option.long in decimalOptionLimits) return false;
  return /^\d+$/.test(String(option.defaultValue ?? "")) || /<(n|ms|s|seconds|port)>/.test(option.flags);
}

describe("limits on every number the CLI takes (issue 25, probe 6)", () => {
  it("every whole-number option of every command has a range in the table, shown in --help", () => {
    const program = createProgram(captureIo(cwd).io);
    const seen = new Set<string>();
    for (const command of program.commands) {
      for (const option of command.options.filter(isIntegerOption)) {
        expect(Object.keys(integerOptionLimits), `${command.name()} ${option.long}`).toContain(option.long);
        const limit = integerOptionLimits[option.long as keyof typeof integerOptionLimits];
        expect(command.helpInformation()).toContain(`[${limit.minimum}–${limit.maximum}]`);
        seen.add(option.long!);
      }
    }
    // No stale rows: each row is an option some command has.
    expect([...seen].sort()).toEqual(Object.keys(integerOptionLimits).sort());
  });

  it("every decimal option has its range in --help", () => {
    const program = createProgram(captureIo(cwd).io);
    const seen = new Set<string>();
    for (const command of program.commands)
      for (const option of command.options)
        if (option.long && option.long in decimalOptionLimits) {
          const limit = decimalOptionLimits[option.long as keyof typeof decimalOptionLimits];
          expect(command.helpInformation()).toContain(`[${limit.minimum}–${limit.maximum}]`);
          seen.add(option.long);
        }
    expect([...seen].sort()).toEqual(Object.keys(decimalOptionLimits).sort());
  });

  it.each([
    [["baseline", "--env", "bugfix", "--policy", "hasty", "--episodes", "1000000000"], "--episodes"],
    [["baseline", "--env", "bugfix", "--policy", "hasty", "--episodes", "9007199254740991"], "--episodes"],
    [["baseline", "--env", "bugfix", "--policy", "hasty", "--call-timeout", "9999999999"], "--call-timeout"],
    [["serve", "--env", "bugfix", "--idle-timeout", "2147484"], "--idle-timeout"],
    [["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--band-success", ","], "--band-success"],
    [
      ["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--band-success", "0x0,0x1"],
      "--band-success",
    ],
    [
      ["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--band-success", "0.5,0.5"],
      "--band-success",
    ],
    [["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--band-steps", "1e3,2e3"], "--band-steps"],
    [["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--confidence", "0x1"], "--confidence"],
    [["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--tolerance", "0.6"], "--tolerance"],
    [["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--tolerance", "-1"], "--tolerance"],
    [["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--rule", "mean"], "--rule"],
    [["rig", "--env", "bugfix", "--task", "clamp-0", "--policy", "hasty", "--k", "50", "--k-max", "10"], "--k-max"],
  ])("%j is refused with exit 2 and one line naming %s", async (argv, option) => {
    const result = await runCapturedCli(cwd, argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error \[BAD_ARGUMENT\]/);
    expect(result.stderr).toContain(option);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("the largest value in range is accepted (the parse, not a blanket refusal)", async () => {
    const result = await runCapturedCli(cwd, [
      "baseline",
      "--env",
      "bugfix",
      "--policy",
      "hasty",
      "--task",
      "clamp-0",
      "--episodes",
      "1",
      "--call-timeout",
      String(2 ** 31 - 1),
      "--json",
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).episodes).toBe(1);
  });
});
