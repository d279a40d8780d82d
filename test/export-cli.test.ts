import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Json, JsonObject } from "../src/core/json.js";
import { productStackDependencies } from "../src/app/product-stack-dependencies.js";
import { chatEpisodeSchema } from "../src/export/chat-episode.js";
import { corpusLineSchema } from "../src/export/corpus-line.js";
import { loadServedSet } from "../src/serve/load-served-set.js";
import { startServeServer } from "../src/serve/start-serve-server.js";
import { runCapturedCli } from "./helpers/capture-io.js";

const work = mkdtempSync(join(tmpdir(), "export-"));

async function cli(...argv: string[]) {
  return runCapturedCli(work, argv);
}

const jsonLines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as unknown);

/** Does `value` fit a tool's input schema (the subset the built-in tools use: object, properties with type/enum/minimum, required, additionalProperties)? */
function fits(value: Json, schema: JsonObject): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  if (((schema.required ?? []) as string[]).some((key) => !(key in value))) return false;
  return Object.entries(value).every(([key, item]) => {
    const property = properties[key];
    if (!property) return schema.additionalProperties !== false;
    if (
      property.type === "integer" &&
      !(Number.isInteger(item) && (property.minimum === undefined || (item as number) >= (property.minimum as number)))
    )
      return false;
    if (property.type === "string" && typeof item !== "string") return false;
    if (Array.isArray(property.enum) && !property.enum.includes(item)) return false;
    return true;
  });
}

beforeAll(async () => {
  const toy = await cli(
    "rig",
    "--env",
    "toy24",
    "--task",
    "24-2",
    "--policy",
    "greedy",
    "--out",
    join(work, "runs", "toy"),
    "--candidates",
    join(work, "candidates"),
    "--json",
  );
  expect(toy.code, toy.stderr).toBe(0);
  const bugfix = await cli(
    "curriculum",
    "--env",
    "bugfix",
    "--task",
    "clamp-0,range-0",
    "--policy",
    "hasty",
    "--out",
    join(work, "runs", "bugfix"),
    "--candidates",
    join(work, "candidates"),
    "--json",
  );
  expect(bugfix.code, bugfix.stderr).toBe(0);
}, 300_000);

describe("envrigger export --format chat-jsonl", () => {
  it("writes a run's recorded rollouts as chats whose tool calls fit the tools' schemas", async () => {
    const out = join(work, "toy.chat.jsonl");
    const result = await cli("export", "--format", "chat-jsonl", "--run", join(work, "runs", "toy"), "--out", out);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(`${out}.partial`)).toBe(false);
    const episodes = jsonLines(out).map((line) => chatEpisodeSchema.parse(line));
    expect(episodes.length).toBeGreaterThanOrEqual(10);
    expect(new Set(episodes.map((episode) => episode.source))).toEqual(new Set(["baseline", "validation"]));
    let calls = 0;
    for (const episode of episodes) {
      expect(episode).toMatchObject({ taskId: "24-2", policy: "greedy", stack: expect.stringMatching(/toy24/) });
      expect(episode.messages[0]).toMatchObject({
        role: "system",
        content: expect.stringMatching(/Make 24 from[\s\S]*Tools:[\s\S]*combine/),
      });
      expect(episode.messages[1]!.role).toBe("user");
      const tools = new Map(episode.tools.map((tool) => [tool.function.name, tool.function.parameters as JsonObject]));
      for (const [index, message] of episode.messages.entries()) {
        if (message.role !== "assistant") continue;
        expect(message.tool_calls).toHaveLength(1);
        const call = message.tool_calls![0]!;
        const schema = tools.get(call.function.name);
        expect(schema, call.function.name).toBeDefined();
        expect(fits(JSON.parse(call.function.arguments) as Json, schema!), call.function.arguments).toBe(true);
        expect(episode.messages[index + 1]).toMatchObject({ role: "tool", tool_call_id: call.id });
        calls += 1;
      }
    }
    expect(calls).toBeGreaterThan(episodes.length);
  });

  it("writes fresh rollouts of stored stacks, successes only on request (text-grammar envs as assistant text and user observations)", async () => {
    const out = join(work, "fresh.jsonl");
    const all = await cli(
      "export",
      "--format",
      "chat-jsonl",
      "--candidates",
      join(work, "candidates", "bugfix"),
      "--policy",
      "hasty",
      "--episodes",
      "6",
      "--seed",
      "4",
    );
    expect(all.code, all.stderr).toBe(0);
    const episodes = all.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => chatEpisodeSchema.parse(JSON.parse(line)));
    expect(episodes.length).toBeGreaterThanOrEqual(6);
    expect(episodes.every((episode) => episode.source === "fresh" && /^(Rules|Setup|Chain)</.test(episode.stack))).toBe(
      true,
    );
    const roles = episodes[0]!.messages.slice(2).map((message) => message.role);
    expect(roles.every((role, index) => role === (index % 2 === 0 ? "assistant" : "user"))).toBe(true);
    expect(episodes[0]!.messages[2]).toMatchObject({ role: "assistant", content: expect.stringMatching(/^<call> /) });
    const successes = await cli(
      "export",
      "--format",
      "chat-jsonl",
      "--candidates",
      join(work, "candidates", "bugfix"),
      "--policy",
      "hasty",
      "--episodes",
      "6",
      "--seed",
      "4",
      "--successes-only",
      "--out",
      out,
    );
    expect(successes.code, successes.stderr).toBe(0);
    const kept = jsonLines(out).map((line) => chatEpisodeSchema.parse(line));
    expect(kept.length).toBe(episodes.filter((episode) => episode.success).length);
    expect(kept.every((episode) => episode.success)).toBe(true);
    expect(successes.stderr).toMatch(/failed ones left out/);
  }, 120_000);

  it("refuses bad combinations with exit code 2", async () => {
    expect((await cli("export", "--format", "csv", "--run", "x")).code).toBe(2);
    expect((await cli("export", "--format", "chat-jsonl")).code).toBe(2);
    expect((await cli("export", "--format", "chat-jsonl", "--candidates", join(work, "candidates"))).code).toBe(2);
    expect(
      (await cli("export", "--format", "chat-jsonl", "--run", join(work, "runs", "toy"), "--policy", "greedy")).code,
    ).toBe(2);
    expect((await cli("export", "--format", "corpus", "--candidates", join(work, "nowhere"))).code).toBe(2);
  });
});

describe("envrigger export --format corpus", () => {
  it("writes one line per accepted stack, and serve --candidates loads every line", async () => {
    const out = join(work, "corpus.jsonl");
    const result = await cli("export", "--format", "corpus", "--candidates", join(work, "candidates"), "--out", out);
    expect(result.code, result.stderr).toBe(0);
    const lines = jsonLines(out).map((line) => corpusLineSchema.parse(line));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(
      lines.every((line) => line.packageVersion.length > 0 && typeof line.validation.successRate === "number"),
    ).toBe(true);
    const fromRun = await cli("export", "--format", "corpus", "--run", join(work, "runs", "bugfix"));
    const runLines = fromRun.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => corpusLineSchema.parse(JSON.parse(line)));
    expect(runLines.map((line) => line.candidateId).sort()).toEqual(
      lines
        .filter((line) => line.envId === "bugfix")
        .map((line) => line.candidateId)
        .sort(),
    );
    // The same stacks through serve --run and serve --stack <candidate file>.
    const fromRunSet = await loadServedSet({ env: "bugfix", run: join(work, "runs", "bugfix") });
    expect(fromRunSet.members.map((member) => member.candidateId).sort()).toEqual(
      runLines.map((line) => line.candidateId).sort(),
    );
    const candidateFile = join(work, "candidates", "bugfix", runLines[0]!.taskId, `${runLines[0]!.candidateId}.json`);
    const single = await loadServedSet({ env: "bugfix", stack: candidateFile, weighting: "validation" });
    expect(single.members).toEqual([
      expect.objectContaining({
        candidateId: runLines[0]!.candidateId,
        validatedSuccess: runLines[0]!.validation.successRate,
      }),
    ]);
    await expect(loadServedSet({ env: "toy24", stack: candidateFile })).rejects.toThrow(
      /built on env bugfix, not toy24/,
    );
    for (const env of new Set(lines.map((line) => line.envId))) {
      const set = await loadServedSet({ env, candidates: out, weighting: "validation" });
      expect(set.members.map((member) => member.candidateId).sort()).toEqual(
        lines
          .filter((line) => line.envId === env)
          .map((line) => line.candidateId)
          .sort(),
      );
      const server = await startServeServer({ set, dependencies: productStackDependencies(), port: 0 });
      const metadata = (await (await fetch(`${server.url}/metadata`)).json()) as {
        served: { members: Array<{ candidate_id: string; weight: number }> };
      };
      expect(metadata.served.members).toHaveLength(set.members.length);
      expect(metadata.served.members.every((member) => member.weight > 0 && member.weight <= 1)).toBe(true);
      await server.drain();
    }
  });
});
