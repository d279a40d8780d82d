// SLOW (about a minute, more on a loaded machine): packs envrigger with `npm pack` (which
// runs the prepare script, a clean `tsc` build into dist/), installs the tarball into an
// empty project and uses it from plain Node ESM and from `tsc`, with no TypeScript loader.
//
// The install is the tarball's own files, unpacked where npm puts them
// (node_modules/envrigger), with the dependencies its package.json declares linked from this
// repository's node_modules. A real `npm install <tarball>` would fetch or unpack some 400
// packages and compile isolated-vm and better-sqlite3 with node-gyp (minutes, and a network
// or a warm cache); linking exercises everything that can differ between the repository and
// the package — the `files` list, `exports`/`types`/`bin`, files read at run time, task
// processes forking compiled JavaScript — in a fraction of that.
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "envrigger-pack-"));
const project = join(work, "project");
const installed = join(project, "node_modules", "envrigger");
/** The environment of the packaged CLI: no request to run the sources. */
const env = { ...process.env, ENVRIGGER_FROM_SOURCE: undefined };

function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, {
    cwd: project,
    encoding: "utf8",
    timeout: 300_000,
    env,
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/** Link `name` (maybe scoped) from this repository's node_modules into the project's. */
function linkDependency(name: string): void {
  const target = join(project, "node_modules", name);
  if (existsSync(target)) return;
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(realpathSync(join(root, "node_modules", name)), target, "dir");
}

let tarball: string;

beforeAll(() => {
  const packed = spawnSync("npm", ["pack", "--json", "--pack-destination", work], {
    cwd: root,
    encoding: "utf8",
    timeout: 300_000,
    env,
  });
  expect(packed.status, packed.stderr).toBe(0);
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as Array<{ filename: string }>;
  tarball = join(work, filename);
  mkdirSync(join(project, "node_modules"), { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  const unpacked = spawnSync("tar", ["-xzf", tarball, "-C", work], { encoding: "utf8" });
  expect(unpacked.status, unpacked.stderr).toBe(0);
  renameSync(join(work, "package"), installed);
  const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    optionalDependencies: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies)) linkDependency(name);
  // The isolated-vm builds are optional: npm installs those this Node can build.
  for (const name of Object.keys(manifest.optionalDependencies)) {
    if (existsSync(join(root, "node_modules", name))) linkDependency(name);
  }
  linkDependency("@types/node");
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the npm package (slow: npm pack + clean build)", () => {
  it("ships the compiled code with its declarations and the files it reads, and no sources or tests", () => {
    const listing = run("tar", ["-tzf", tarball])
      .stdout.split("\n")
      .map((line) => line.replace(/^package\//, ""));
    for (const file of [
      "dist/index.js",
      "dist/index.d.ts",
      "dist/testing/index.js",
      "dist/testing/index.d.ts",
      "dist/rl/index.js",
      "dist/skills/index.d.ts",
      "dist/serve/index.js",
      "dist/queue/index.js",
      "dist/cli/main.js",
      "dist/app/curriculum-process-entry.js",
      "bin/envrigger.js",
      "designer-prompts/system.md",
      "data/toy24/24.csv",
      "data/toy24/LICENSE",
      "data/zork1/LICENSE",
      "data/textworld/LICENSE.txt",
      "LICENSE",
      "README.md",
    ]) {
      expect(listing, file).toContain(file);
    }
    expect(
      listing.filter(
        (file) =>
          file.startsWith("src/") ||
          file.startsWith("test/") ||
          file.endsWith(".test.js") ||
          file.endsWith(".tsbuildinfo"),
      ),
    ).toEqual([]);
  }, 300_000);

  it("imports from plain Node ESM (no TypeScript loader) and runs a sandboxed stack", () => {
    const script = `
      const envrigger = await import("envrigger");
      const testing = await import("envrigger/testing");
      for (const entry of ["rl", "skills", "serve", "queue"]) if (Object.keys(await import("envrigger/" + entry)).length === 0) throw new Error("envrigger/" + entry + " is empty");
      const { fileURLToPath } = await import("node:url");
      if (!fileURLToPath(import.meta.resolve("envrigger")).endsWith("/node_modules/envrigger/dist/index.js")) throw new Error("resolved " + import.meta.resolve("envrigger"));
      const rules = "export default defineRules({ filterObservation(observation) { return { text: observation.text + ' [wrapped]' }; } });";
      const taskId = (await envrigger.toy24Env.listTasks("train"))[0].id;
      const stack = await envrigger.buildStack({ version: 1, base: { env: "toy24", taskId }, layers: [{ kind: "rules", source: rules }] }, envrigger.productStackDependencies());
      const policy = await envrigger.resolvePolicy("greedy", "toy24");
      const trajectories = await envrigger.runRollouts({ createEnv: async () => stack, policy: policy.factory, tasks: [{ taskId }], episodes: 2, seed: 1 });
      const describe = stack.describe();
      await stack.close();
      console.log(JSON.stringify({ describe, episodes: trajectories.length, wrapped: trajectories[0].initialObservation.text.endsWith("[wrapped]"), testing: typeof testing.TestEnv }));
    `;
    const result = run(process.execPath, ["--no-node-snapshot", "--input-type=module", "-e", script]);
    expect(result.status, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout.trim().split("\n").at(-1)!) as {
      describe: string;
      episodes: number;
      wrapped: boolean;
      testing: string;
    };
    expect(output).toMatchObject({ describe: "Rules<toy24>", episodes: 2, wrapped: true, testing: "function" });
  }, 300_000);

  it("rigs a task with rig() from plain Node ESM: the minimal call, with its defaults", () => {
    const script = `
      import { rig } from "envrigger";
      const r = await rig({ env: "bugfix", task: "clamp-0", policy: "hasty", band: [0.4, 0.6] });
      console.log(JSON.stringify({ outcome: r.outcome, rollouts: r.cost.rollouts, candidate: r.candidate, runDirectory: r.runDirectory }));
    `;
    const result = run(process.execPath, ["--no-node-snapshot", "--input-type=module", "-e", script]);
    expect(result.status, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout.trim().split("\n").at(-1)!) as {
      outcome: string;
      rollouts: number;
      candidate: string | null;
      runDirectory: string;
    };
    expect(["accepted", "rejected", "skipped"]).toContain(output.outcome);
    expect(output.rollouts).toBeGreaterThan(0);
    // The defaults: a run directory under runs/ in the working directory, the candidates inside it.
    expect(output.runDirectory.startsWith(join(realpathSync(project), "runs"))).toBe(true);
    if (output.outcome === "accepted") expect(existsSync(output.candidate!)).toBe(true);
    expect(output.candidate === null || output.candidate.startsWith(join(output.runDirectory, "candidates"))).toBe(
      true,
    );
  }, 300_000);

  it("runs every example of docs/library-api.md from plain Node ESM", () => {
    const page = readFileSync(join(root, "docs", "library-api.md"), "utf8");
    const examples = [...page.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
    expect(examples.length).toBeGreaterThanOrEqual(3);
    examples.forEach((example, index) => {
      const file = join(project, `library-api-example-${index}.mjs`);
      writeFileSync(file, example);
      const result = run(process.execPath, ["--no-node-snapshot", file]);
      expect(result.status, `example ${index}:\n${example}\n${result.stderr}`).toBe(0);
    });
  }, 900_000);

  it("type-checks a file importing envrigger and envrigger/testing with tsc", () => {
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
        },
        include: ["consumer.ts"],
      }),
    );
    writeFileSync(
      join(project, "consumer.ts"),
      `import { buildStack, productStackDependencies, rig, summarize, type HarnessStackSpec, type RigOptions, type Trajectory, type EnvDefinition } from "envrigger";
import { TestEnv, SequencePolicy } from "envrigger/testing";

const spec: HarnessStackSpec = { version: 1, base: { env: "toy24", taskId: "t" }, layers: [] };
const built: Promise<{ describe(): string }> = buildStack(spec, productStackDependencies());
const rate: number = summarize([] as Trajectory[]).successRate;
const rigged = rig({ env: "bugfix", task: "clamp-0", policy: "hasty", band: [0.4, 0.6], k: 5 }).then((r) => {
  const outcome: "accepted" | "rejected" | "skipped" = r.outcome;
  const rollouts: number = r.cost.rollouts;
  const candidate: string | null = r.candidate;
  return { outcome, rollouts, candidate };
});
// @ts-expect-error: a band is two numbers
const badBand: RigOptions = { band: [0.4] };
export { rigged, badBand };
const definitions: EnvDefinition[] = [];
export { built, rate, definitions, TestEnv, SequencePolicy };
// @ts-expect-error: a stack spec needs a base
const broken: HarnessStackSpec = { version: 1, layers: [] };
export { broken };
`,
    );
    const tsc = run(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "."]);
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
  }, 300_000);

  it("runs the packaged CLI, whose task processes fork the compiled JavaScript", () => {
    const bin = join(installed, "bin", "envrigger.js");
    const envs = run(bin, ["envs", "--json"]);
    expect(envs.status, envs.stderr).toBe(0);
    expect((JSON.parse(envs.stdout) as { envs: Array<{ id: string }> }).envs.map((entry) => entry.id)).toContain(
      "toy24",
    );
    const out = join(work, "run");
    const curriculum = run(process.execPath, [
      bin,
      "curriculum",
      "--env",
      "bugfix",
      "--policy",
      "hasty",
      "--task",
      "clamp-0,range-0",
      "--task-concurrency",
      "2",
      "--out",
      out,
      "--candidates",
      join(work, "candidates"),
      "--json",
    ]);
    expect(curriculum.status, curriculum.stderr).toBe(0);
    const result = JSON.parse(curriculum.stdout) as { tasks: Array<{ taskId: string; outcome: string }> };
    expect(result.tasks.map((task) => task.taskId)).toEqual(["clamp-0", "range-0"]);
  }, 300_000);
});
