import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bugfixEnv } from "../bridges/bugfix/bugfix-env-definition.js";
import { startOpenAiCompatibleServer } from "../testing/openai-compatible-server.js";
import type { OpenAiCompatibleServer } from "../testing/openai-compatible-server.js";
import { createSkillRetriever } from "./create-skill-retriever.js";
import { storeMemoryItem, type StoredMemoryItem } from "./memory-item.js";

/** A small labelled bank: one item per BugFix bug family, plus two generic ones. */
const labelled: Record<string, StoredMemoryItem> = Object.fromEntries(
  (
    [
      [
        "clamp",
        "Clamped value comes out as a bound",
        "When a clamp function that limits a score or value to bounds returns the same bound every time.",
        "Check whether the lower and upper bound (min and max) are swapped; edit swap_minmax, then test.",
      ],
      [
        "range",
        "A sum over a range misses its last term",
        "When a sum of squares, cubes or terms over 1..n comes out short by the last term.",
        "The loop's range end is exclusive: extend the range end by one, then test.",
      ],
      [
        "compare",
        "Threshold check is wrong exactly at the cap",
        "When an under-cap, at-least or reaches-limit check fails exactly at the boundary value.",
        "Relax the strict comparison to a non-strict one, then test.",
      ],
      [
        "divide",
        "Division needs a zero guard",
        "When a function that splits a bill or divides an amount by a count fails for a zero count.",
        "Guard the divisor against zero before dividing, then test.",
      ],
      [
        "init",
        "A product or power starts at zero",
        "When a power or product accumulator always comes out 0.",
        "Start the accumulator at 1 instead of 0, then test.",
      ],
      [
        "generic-verify",
        "Verify before finishing",
        "Before you submit any fix.",
        "Run the tests after your last edit and read them before submitting.",
      ],
      ["generic-read", "Read the code first", "At the start of a task.", "Read the source before choosing an edit."],
    ] as const
  ).map(([label, title, description, content]) => [
    label,
    storeMemoryItem(
      { title, description, content },
      {
        envId: "bugfix",
        taskIds: ["labelled"],
        stacks: ["original"],
        status: "success",
        source: "llm",
        evidence: "labelled by hand",
        extractor: "hand",
      },
    ),
  ]),
);

/** Held-out tasks (never used to write the bank) and the family item that fits each. */
const heldOut: Array<[string, string]> = [
  ["clamp-5", "clamp"],
  ["range-4", "range"],
  ["compare-5", "compare"],
  ["divide-4", "divide"],
  ["init-4", "init"],
];

/** The query a policy would build: the task's instruction plus its first observation. */
async function queries(): Promise<Map<string, string>> {
  const tasks = await bugfixEnv.listTasks("heldout");
  const env = await bugfixEnv.create();
  const result = new Map<string, string>();
  for (const [taskId] of heldOut) {
    const { observation } = await env.reset({ taskId, seed: 1 });
    result.set(taskId, [tasks.find((task) => task.id === taskId)?.instruction ?? "", observation.text].join("\n"));
  }
  await env.close();
  return result;
}

describe("skill retrieval", () => {
  let server: OpenAiCompatibleServer;
  beforeAll(async () => {
    server = await startOpenAiCompatibleServer({ replies: [], maxRequests: 100 });
  });
  afterAll(async () => {
    await server.close();
    await bugfixEnv.dispose();
  });

  it("lexical (BM25): the top item for each held-out task is its family's item", async () => {
    const retriever = await createSkillRetriever(Object.values(labelled));
    expect(retriever.kind).toBe("lexical");
    for (const [taskId, query] of await queries()) {
      const [top] = await retriever.retrieve(query, 3);
      expect(top?.item.id, `${taskId}: ${query}`).toBe(labelled[heldOut.find(([id]) => id === taskId)![1]]!.id);
    }
  });

  it("embeddings through OpenAIEmbeddings against the local server: the same labels, and provenance is never embedded", async () => {
    const retriever = await createSkillRetriever(Object.values(labelled), {
      embeddings: "openai:hashed-words",
      environment: { OPENAI_BASE_URL: server.baseUrl },
    });
    expect(retriever.kind).toBe("embedding");
    for (const [taskId, query] of await queries()) {
      const results = await retriever.retrieve(query, 2);
      expect(results).toHaveLength(2);
      expect(results[0]!.item.id, `${taskId}: ${query}`).toBe(labelled[heldOut.find(([id]) => id === taskId)![1]]!.id);
      expect(results[0]!.score).toBeGreaterThan(results[1]!.score);
    }
    const embeddingRequests = server.requests.filter((request) => request.path.endsWith("/embeddings"));
    // One batched request for the bank, one per query.
    expect(embeddingRequests).toHaveLength(1 + heldOut.length);
    const sent = JSON.stringify(embeddingRequests.map((request) => request.body));
    expect(sent).toContain("swap_minmax");
    expect(sent).not.toContain("labelled by hand");
    expect((embeddingRequests[0]!.body as { model: string }).model).toBe("hashed-words");
  });

  it("refuses an embeddings provider that is not OpenAI-compatible", async () => {
    await expect(createSkillRetriever([], { embeddings: "gemini:text-embedding-004" })).rejects.toMatchObject({
      code: "BAD_ARGUMENT",
    });
  });
});

describe("the test server's /v1/embeddings", () => {
  it("answers floats and base64 alike, deterministically", async () => {
    const server = await startOpenAiCompatibleServer({ replies: [] });
    try {
      const post = async (body: unknown) =>
        (await (
          await fetch(`${server.baseUrl}/embeddings`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          })
        ).json()) as { data: Array<{ embedding: number[] | string }> };
      const floats = await post({ model: "m", input: ["guard the divisor", "guard the divisor"] });
      const encoded = await post({ model: "m", input: "guard the divisor", encoding_format: "base64" });
      expect(floats.data[0]!.embedding).toEqual(floats.data[1]!.embedding);
      const decoded = Array.from(
        new Float32Array(new Uint8Array(Buffer.from(encoded.data[0]!.embedding as string, "base64")).buffer),
      );
      (floats.data[0]!.embedding as number[]).forEach((value, index) => expect(decoded[index]).toBeCloseTo(value, 6));
    } finally {
      await server.close();
    }
  });
});
