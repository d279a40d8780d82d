import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createProgram } from "../src/cli/program.js";
import { captureIo } from "./helpers/capture-io.js";
import { documentationFiles, readDocument, repositoryRoot } from "./helpers/markdown-docs.js";

/** The flags each command's `--help` lists, keyed by its name (`skills extract` for a subcommand). */
function helpFlags(): Map<string, Set<string>> {
  const flags = new Map<string, Set<string>>();
  const visit = (command: Command, prefix: string) => {
    for (const sub of command.commands) {
      const name = prefix === "" ? sub.name() : `${prefix} ${sub.name()}`;
      flags.set(name, new Set(sub.helpInformation().match(/--[a-z][a-z0-9-]*/g) ?? []));
      visit(sub, name);
    }
  };
  visit(createProgram(captureIo(repositoryRoot).io), "");
  return flags;
}

/**
 * Flags the docs name for programs other than envrigger: node, npm, Chromium, redis-server, the
 * bench scripts, the tools of CONTRIBUTING.md. A flag is checked against these only where no
 * envrigger command is named before it.
 */
const otherProgramsFlags = new Set([
  "--no-node-snapshot",
  "--import",
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--user-data-dir",
  "--port",
  "--save",
  "--appendonly",
  "--only",
  "--seeds",
  "--record",
  "--rules",
  "--before",
  "--before-from",
  "--exclude",
  "--write",
  "--error-on-warnings",
  "--project",
  "--silent",
  "--noEmit",
  "--test",
  "--help",
  "--ignore-scripts",
  "--require",
]);

interface FlagMention {
  where: string;
  flag: string;
  /** The envrigger command it is written with, when the docs name one. */
  command: string | undefined;
}

const flagPattern = /(?<![\w-])--[a-z][a-zA-Z0-9-]*/g;

/** The command a piece of text invokes: `envrigger rig …`, `npx envrigger skills extract …`, or `rig …` in a span (not an env spec such as `repo:<dir>`). */
function invokedCommand(text: string, commands: string[], bare: boolean): { command: string; end: number } | undefined {
  const names = commands.map((name) => name.replace(" ", "\\s+")).join("|");
  const pattern = new RegExp(`${bare ? "^\\s*(?:(?:npx\\s+)?envrigger\\s+)?" : "envrigger\\s+"}(${names})(?![\\w:-])`);
  const match = pattern.exec(text);
  return match ? { command: (match[1] as string).replace(/\s+/, " "), end: match.index + match[0].length } : undefined;
}

/** Every `--flag` the docs name, with the envrigger command it belongs to where one is named. */
function flagsOfDocs(commandNames: string[]): FlagMention[] {
  // Longer names first, so `skills extract` wins over `skills`.
  const commands = [...commandNames].sort((a, b) => b.length - a.length);
  const found: FlagMention[] = [];
  for (const file of documentationFiles()) {
    let inFence = false;
    let blockCommand: string | undefined;
    readDocument(file)
      .split("\n")
      .forEach((line, index) => {
        const where = `${file}:${index + 1}`;
        if (/^\s*```/.test(line)) {
          inFence = !inFence;
          blockCommand = undefined;
          return;
        }
        if (inFence) {
          // A line naming a command owns the flags after it; an indented line continues the last one.
          const invoked = invokedCommand(line, commands, false);
          if (invoked) blockCommand = invoked.command;
          else if (!/^\s/.test(line)) blockCommand = undefined;
          for (const flag of line.matchAll(flagPattern)) {
            const owned = invoked ? (flag.index as number) >= invoked.end : blockCommand !== undefined;
            found.push({ where, flag: flag[0], command: owned ? blockCommand : undefined });
          }
          return;
        }
        // In prose, an inline code span that starts with a command owns its flags.
        const spans = line.split("`");
        spans.forEach((span, spanIndex) => {
          const isCode = spanIndex % 2 === 1;
          const invoked = isCode ? invokedCommand(span, commands, true) : undefined;
          for (const flag of span.matchAll(flagPattern)) {
            const owned = invoked !== undefined && (flag.index as number) >= invoked.end;
            found.push({ where, flag: flag[0], command: owned ? invoked?.command : undefined });
          }
        });
      });
  }
  return found;
}

describe("the flags the docs name", () => {
  it("are in the --help of the command they are written with, spelled the same", () => {
    const flags = helpFlags();
    const everyFlag = new Set([...flags.values()].flatMap((set) => [...set]));
    const problems: string[] = [];
    for (const { where, flag, command } of flagsOfDocs([...flags.keys()])) {
      if (command !== undefined) {
        if (!flags.get(command)?.has(flag)) problems.push(`${where} ${flag}: not in \`envrigger ${command} --help\``);
      } else if (!everyFlag.has(flag) && !otherProgramsFlags.has(flag)) {
        problems.push(`${where} ${flag}: in no command's --help`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("are read from real help texts and attributed to the commands the docs name", () => {
    const flags = helpFlags();
    const mentions = flagsOfDocs([...flags.keys()]);
    expect(mentions.find((mention) => mention.flag === "--from-original")?.command).toBe("skills extract");
    expect(mentions.filter((mention) => mention.command === "worker").map((mention) => mention.flag)).toContain(
      "--lock-duration-ms",
    );
    expect(flags.get("rig")).toContain("--check-rollouts");
    expect(flags.get("skills extract")).toContain("--from-original");
    expect(flags.get("rig")).not.toContain("--confirm");
  });
});
