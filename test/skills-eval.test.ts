import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bugfixEnv } from "../src/bridges/bugfix/bugfix-env-definition.js";
import type { SkillEvaluation } from "../src/skills/evaluate-skills.js";
import { storeMemoryItem } from "../src/skills/memory-item.js";
import { appendToSkillBank } from "../src/skills/skill-bank.js";
import { startOpenAiCompatibleServer } from "../src/testing/openai-compatible-server.js";
import { runCapturedCli } from "./helpers/capture-io.js";

const root = join(import.meta.dirname, "..");

async function cli(argv: string[]) {
  return runCapturedCli(root, argv);
}

const provenance = {
  envId: "bugfix",
  taskIds: ["clamp-0"],
  stacks: ["0123456789abcdef"],
  status: "success" as const,
  source: "llm" as const,
  evidence: "SECRET-PROVENANCE-MARK",
  extractor: "hand",
};
const clampItem = storeMemoryItem(
  {
    title: "Clamped value comes out as a bound",
    description: "When a clamp function that limits a score to bounds returns a bound.",
    content: "Check whether min and max are swapped; edit swap_minmax.",
  },
  provenance,
);
const divideItem = storeMemoryItem(
  {
    title: "Division needs a zero guard",
    description: "When a function that splits a bill by a count fails for zero.",
    content: "Guard the divisor against zero before dividing.",
  },
  provenance,
);

afterAll(async () => {
  await bugfixEnv.dispose();
});

describe("skills eval", () => {
  it("runs the same LLM policy with and without retrieved skills against the local server; skills are in the system prompt only when enabled", async () => {
    const bank = join(mkdtempSync(join(tmpdir(), "skills-eval-")), "bank.jsonl");
    appendToSkillBank(bank, [clampItem, divideItem]);
    const episode = [
      { kind: "text" as const, text: "<call> read </call>", usage: { promptTokens: 10, completionTokens: 3 } },
      { kind: "text" as const, text: "<call> submit </call>", usage: { promptTokens: 12, completionTokens: 3 } },
    ];
    // Two tasks × two arms × one episode, two turns each.
    const server = await startOpenAiCompatibleServer({
      replies: Array.from({ length: 4 }, () => episode).flat(),
      maxRequests: 20,
    });
    const saved = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = server.baseUrl;
    try {
      const result = await cli([
        "skills",
        "eval",
        "--bank",
        bank,
        "--env",
        "bugfix",
        "--policy",
        "openai:policy-model",
        "--task",
        "clamp-5,divide-4",
        "--episodes",
        "1",
        "--top-k",
        "1",
        "--json",
      ]);
      expect(result.code, result.stderr).toBe(0);
      const evaluation = JSON.parse(result.stdout) as SkillEvaluation;
      expect(evaluation).toMatchObject({
        env: "bugfix",
        policy: "openai:policy-model",
        split: "heldout",
        retrieval: "lexical",
        k: 1,
        episodesPerTask: 1,
      });
      expect(evaluation.without.episodes).toBe(2);
      expect(evaluation.with.episodes).toBe(2);
      expect(evaluation.without.successInterval).toHaveLength(2);
      expect(evaluation.tasks.map((task) => [task.taskId, task.retrieved])).toEqual([
        ["clamp-5", [clampItem.id]],
        ["divide-4", [divideItem.id]],
      ]);

      const systemPrompts = server.requests.map(
        (request) => (request.body as { messages: Array<{ role: string; content: string }> }).messages[0]!,
      );
      expect(systemPrompts).toHaveLength(8);
      for (const prompt of systemPrompts) expect(prompt.role).toBe("system");
      // Order: clamp-5 without (2 calls), clamp-5 with (2), divide-4 without (2), divide-4 with (2).
      const [plainClamp, , skilledClamp, , plainDivide, , skilledDivide] = systemPrompts.map(
        (prompt) => prompt.content,
      );
      expect(plainClamp).not.toContain("## Skills");
      expect(plainDivide).not.toContain("## Skills");
      expect(skilledClamp).toContain("## Skills");
      expect(skilledClamp).toContain("Clamped value comes out as a bound");
      expect(skilledClamp).not.toContain("Division needs a zero guard");
      expect(skilledDivide).toContain("Division needs a zero guard");
      // Provenance never reaches the prompt.
      expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain("SECRET-PROVENANCE-MARK");
      expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain("0123456789abcdef");

      const table = await cli(["skills", "show", bank]);
      expect(table.stdout).toContain("1. Clamped value comes out as a bound");
    } finally {
      if (saved === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = saved;
      await server.close();
    }
  }, 120_000);

  it("exits 2 on bad arguments with a message saying what was expected", async () => {
    const bank = join(mkdtempSync(join(tmpdir(), "skills-eval-")), "bank.jsonl");
    appendToSkillBank(bank, [clampItem]);
    const scripted = await cli(["skills", "eval", "--bank", bank, "--env", "bugfix", "--policy", "hasty"]);
    expect(scripted.code).toBe(2);
    expect(scripted.stderr).toContain("needs an LLM policy");
    const missing = await cli(["skills", "show", join(tmpdir(), "no-such-bank.jsonl")]);
    expect(missing.code).toBe(2);
    const both = await cli([
      "skills",
      "extract",
      "--from",
      "runs/x",
      "--from-original",
      "--out",
      join(tmpdir(), "b.jsonl"),
    ]);
    expect(both.code).toBe(2);
    const neither = await cli(["skills", "extract", "--out", join(tmpdir(), "b.jsonl")]);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain("--from-original");
    const extractor = await cli([
      "skills",
      "extract",
      "--from-original",
      "--env",
      "bugfix",
      "--policy",
      "hasty",
      "--extractor",
      "magic",
      "--out",
      join(tmpdir(), "b.jsonl"),
    ]);
    expect(extractor.code).toBe(2);
  });
});
