import { cpSync, mkdtempSync, openSync, readdirSync, statSync, truncateSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCapturedCli } from "./helpers/capture-io.js";

/* Issue 25, probe 7: a damaged checkpoint database on --resume is named, with what to do, not a raw SqliteError. */

const work = mkdtempSync(join(tmpdir(), "checkpoint-integrity-"));
const cli = (...argv: string[]) => runCapturedCli(work, argv);
const finished = join(work, "runs", "finished");

/** A copy of the finished run, and the path of its one checkpoint database. */
function copyOfRun(name: string): { run: string; database: string } {
  const run = join(work, "runs", name);
  cpSync(finished, run, { recursive: true });
  const directory = join(run, "checkpoints");
  const file = readdirSync(directory).find((entry) => entry.endsWith(".sqlite"));
  return { run, database: join(directory, file!) };
}

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
    finished,
    "--json",
  );
  expect(rig.code, rig.stderr).toBe(0);
}, 300_000);

describe("--resume on a damaged checkpoint database", () => {
  it("a truncated file: INTEGRITY naming the file and what to do, exit 2", async () => {
    const { run, database } = copyOfRun("truncated");
    truncateSync(database, Math.floor(statSync(database).size / 2));
    const result = await cli("rig", "--resume", run, "--json");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error [INTEGRITY]: the checkpoint database ${database} is damaged`);
    expect(result.stderr).toMatch(/hint: restore the file/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("random bytes written into it: refused the same way rather than resumed with exit 0", async () => {
    const { run, database } = copyOfRun("overwritten");
    const size = statSync(database).size;
    const handle = openSync(database, "r+");
    const noise = Buffer.alloc(Math.min(8_192, size - 4_096));
    for (let index = 0; index < noise.length; index++) noise[index] = (index * 7919 + 13) % 251;
    writeSync(handle, noise, 0, noise.length, 4_096);
    closeSync(handle);
    const result = await cli("rig", "--resume", run, "--json");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error [INTEGRITY]: the checkpoint database ${database} is damaged`);
  });

  it("an intact one still resumes (the check passes a good file)", async () => {
    const { run } = copyOfRun("intact");
    const result = await cli("rig", "--resume", run, "--json");
    expect(result.code, result.stderr).toBe(0);
  });
});
