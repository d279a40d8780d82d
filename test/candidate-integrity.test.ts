import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCapturedCli } from "./helpers/capture-io.js";

/*
 * Issue 25, probe 5: a candidate edited after validation (its stack's Rules source
 * changed, its id and validation numbers kept) is refused by every reader, naming the file.
 */

const work = mkdtempSync(join(tmpdir(), "integrity-"));
const cli = (...argv: string[]) => runCapturedCli(work, argv);
let candidateFile = "";

beforeAll(async () => {
  const rig = await cli(
    "rig",
    "--env",
    "bugfix",
    "--task",
    "clamp-0",
    "--policy",
    "hasty",
    "--out",
    join(work, "runs", "r"),
    "--candidates",
    join(work, "candidates"),
    "--json",
  );
  expect(rig.code, rig.stderr).toBe(0);
  const directory = join(work, "candidates", "bugfix", "clamp-0");
  const name = readdirSync(directory).find((file) => file.endsWith(".json"));
  expect(name, "the rig stored an accepted candidate").toBeDefined();
  candidateFile = join(directory, name!);
  // The corpus is exported while the file is intact, then the file is tampered with.
  expect(
    (
      await cli(
        "export",
        "--format",
        "corpus",
        "--candidates",
        join(work, "candidates"),
        "--out",
        join(work, "corpus.jsonl"),
      )
    ).code,
  ).toBe(0);
  const record = JSON.parse(readFileSync(candidateFile, "utf8"));
  const rules = record.stack.layers.findIndex((layer: { kind: string }) => layer.kind === "rules");
  if (rules >= 0) record.stack.layers[rules].source += "\n// edited after validation\n";
  else record.stack.layers.push({ kind: "rules", source: "export default defineRules({});\n" });
  writeFileSync(candidateFile, JSON.stringify(record));
  const corpus = join(work, "corpus.jsonl");
  const line = JSON.parse(readFileSync(corpus, "utf8").split("\n")[0]!);
  line.stack.layers.push({ kind: "rules", source: "export default defineRules({});\n" });
  writeFileSync(join(work, "tampered-corpus.jsonl"), `${JSON.stringify(line)}\n`);
}, 300_000);

describe("a candidate whose stack was changed after validation", () => {
  it.each([
    ["measure", () => ["measure", "--candidate", candidateFile, "--policy", "hasty", "--episodes", "2"]],
    ["export", () => ["export", "--format", "corpus", "--candidates", join(work, "candidates")]],
    ["baseline --stack", () => ["baseline", "--env", "bugfix", "--policy", "hasty", "--stack", candidateFile]],
    ["serve --stack", () => ["serve", "--env", "bugfix", "--stack", candidateFile, "--port", "0"]],
    ["serve --candidates", () => ["serve", "--env", "bugfix", "--candidates", join(work, "candidates"), "--port", "0"]],
    [
      "skills extract",
      () => ["skills", "extract", "--from", join(work, "runs", "r"), "--out", join(work, "bank.jsonl")],
    ],
  ])("is refused by %s with INTEGRITY naming the file (exit 2)", async (_name, argv) => {
    const result = await cli(...argv());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error [INTEGRITY]");
    expect(result.stderr).toContain(candidateFile);
    expect(result.stderr).toMatch(/is not the hash of its stack/);
  });

  it("and a corpus line whose stack was changed is refused by serve --candidates, naming the line", async () => {
    const corpus = join(work, "tampered-corpus.jsonl");
    const result = await cli("serve", "--env", "bugfix", "--candidates", corpus, "--port", "0");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error [INTEGRITY]: line 1 of corpus ${corpus}`);
  });
});
