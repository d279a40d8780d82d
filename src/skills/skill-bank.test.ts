import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../core/errors.js";
import { storeMemoryItem, type StoredMemoryItem } from "./memory-item.js";
import { appendToSkillBank, readSkillBank } from "./skill-bank.js";

const item = (title: string): StoredMemoryItem =>
  storeMemoryItem(
    { title, description: "when it applies", content: "what to do about it" },
    {
      envId: "bugfix",
      taskIds: ["clamp-0"],
      stacks: ["original"],
      status: "success",
      source: "llm",
      evidence: "one episode",
      extractor: "openai:m",
    },
  );

function bankPath(): string {
  return join(mkdtempSync(join(tmpdir(), "bank-")), "nested", "bank.jsonl");
}

describe("skill bank", () => {
  it("appends one line per item and reads them back in order, each id once", () => {
    const path = bankPath();
    appendToSkillBank(path, [item("first"), item("second")]);
    appendToSkillBank(path, [item("first"), item("third")]);
    expect(readFileSync(path, "utf8").split("\n")).toHaveLength(5);
    const bank = readSkillBank(path);
    expect(bank.items.map((entry) => entry.title)).toEqual(["first", "second", "third"]);
    expect(bank.warnings).toEqual([]);
  });

  it("skips a torn last line with a warning, and a later append does not glue onto it", () => {
    const path = bankPath();
    appendToSkillBank(path, [item("kept")]);
    const torn = JSON.stringify(item("torn")).slice(0, 40);
    appendFileSync(path, torn);
    const afterCrash = readSkillBank(path);
    expect(afterCrash.items.map((entry) => entry.title)).toEqual(["kept"]);
    expect(afterCrash.warnings).toHaveLength(1);
    expect(afterCrash.warnings[0]).toContain(":2: skipped a torn line");
    appendToSkillBank(path, [item("after")]);
    const resumed = readSkillBank(path);
    expect(resumed.items.map((entry) => entry.title)).toEqual(["kept", "after"]);
    expect(resumed.warnings).toHaveLength(1);
  });

  it("refuses a JSON line that is not a memory item, naming the line, and a missing file", () => {
    const path = bankPath();
    appendToSkillBank(path, [item("kept")]);
    appendFileSync(path, `${JSON.stringify({ title: "no provenance" })}\n`);
    expect(() => readSkillBank(path)).toThrow(/bank\.jsonl:2 is not a memory item/);
    try {
      readSkillBank(join(tmpdir(), "no-such-bank.jsonl"));
      expect.unreachable();
    } catch (error) {
      expect(isEnvriggerError(error, "FILE_NOT_FOUND")).toBe(true);
    }
  });

  it("never writes an invalid item", () => {
    const path = join(mkdtempSync(join(tmpdir(), "bank-")), "bank.jsonl");
    writeFileSync(path, "");
    expect(() => appendToSkillBank(path, [item("valid"), { ...item("x"), title: "" }])).toThrow();
    expect(readFileSync(path, "utf8")).toBe("");
  });
});
