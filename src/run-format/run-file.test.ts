import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isEnvriggerError } from "../core/errors.js";
import { packageVersion } from "../core/package-version.js";
import { curriculumConfigSchema } from "../curriculum/curriculum-config.js";
import { experimentConfigSchema } from "../rl/run-experiment.js";
import { trainingRunConfigSchema } from "../rl/training-run-config.js";
import { RUN_FORMAT, readRunFile, resumedRunFile, writeRunFile } from "./run-file.js";

const schema = z.object({ runId: z.string() });

/** The error `read` throws (fails the test when it throws none). */
function thrown(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

describe("run files", () => {
  const directory = mkdtempSync(join(tmpdir(), "run-file-"));

  it("reads back what it wrote, stamped with the format and the version that wrote it", () => {
    const path = join(directory, "run.json");
    writeRunFile(path, { runId: "r" });
    expect(JSON.parse(readFileSync(path, "utf8"))).toMatchObject({
      runFormat: RUN_FORMAT,
      writtenBy: `envrigger ${packageVersion()}`,
    });
    expect(readRunFile(schema, path)).toEqual({ runId: "r" });
  });

  it("refuses a run.json of envrigger 0.1.0 (no stamp) with OLD_RUN_FORMAT naming that version", () => {
    const old = join(process.cwd(), "test", "fixtures", "run-format-1", "run.json");
    const error = thrown(() => readRunFile(schema, old));
    expect(isEnvriggerError(error, "OLD_RUN_FORMAT")).toBe(true);
    expect((error as Error).message).toContain("was written by envrigger 0.1.0");
    expect((error as Error).message).toContain(`reads run format ${RUN_FORMAT} only`);
  });

  it("names the version a stamped file of another format gives", () => {
    const path = join(directory, "other.json");
    writeFileSync(path, JSON.stringify({ runFormat: RUN_FORMAT + 1, writtenBy: "envrigger 0.9.0", runId: "r" }));
    const error = thrown(() => readRunFile(schema, path));
    expect(isEnvriggerError(error, "OLD_RUN_FORMAT")).toBe(true);
    expect((error as Error).message).toContain(`written by envrigger 0.9.0 in run format ${RUN_FORMAT + 1}`);
  });

  it("is the one format mark of run.json, training.json and experiment.json (no version field beside it)", () => {
    for (const schema of [curriculumConfigSchema, trainingRunConfigSchema, experimentConfigSchema])
      expect(Object.keys(schema.shape)).not.toContain("version");
  });

  it("refuses to resume a run that is not there", () => {
    const error = thrown(() => resumedRunFile(schema, join(directory, "none", "run.json"), "training run"));
    expect(isEnvriggerError(error, "BAD_ARGUMENT")).toBe(true);
    expect((error as Error).message).toContain("cannot resume");
  });
});
