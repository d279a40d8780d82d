import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../core/errors.js";
import { artifactHashOf, materializePolicySpec, policyArtifactHash, portablePolicySpec } from "./policy-artifacts.js";

describe("policy artifacts by content hash", () => {
  it("makes learned:<file> portable and turns it back into a file with the same content", async () => {
    const root = mkdtempSync(join(tmpdir(), "artifacts-"));
    writeFileSync(join(root, "weights.json"), JSON.stringify({ w: [1, 2, 3], b: 0.5 }));
    const portable = portablePolicySpec("learned:weights.json", root);
    const hash = policyArtifactHash({ b: 0.5, w: [1, 2, 3] });
    expect(portable).toEqual({ spec: `learned:sha256:${hash}`, artifacts: { [hash]: { w: [1, 2, 3], b: 0.5 } } });
    expect(artifactHashOf(portable.spec)).toBe(hash);
    const local = await materializePolicySpec(
      portable.spec,
      async (wanted) => portable.artifacts[wanted],
      join(root, "cache"),
    );
    expect(local).toBe(`learned:${join(root, "cache", `${hash}.json`)}`);
    expect(JSON.parse(readFileSync(local.slice("learned:".length), "utf8"))).toEqual({ w: [1, 2, 3], b: 0.5 });
    expect(portablePolicySpec("hasty")).toEqual({ spec: "hasty", artifacts: {} });
    expect(await materializePolicySpec("openai:m", async () => undefined, join(root, "cache"))).toBe("openai:m");
  });

  it("refuses a missing artifact and one whose content does not match its hash", async () => {
    const cache = join(mkdtempSync(join(tmpdir(), "artifacts-")), "cache");
    const hash = policyArtifactHash({ w: 1 });
    const missing = await materializePolicySpec(`learned:sha256:${hash}`, async () => undefined, cache).catch(
      (error: unknown) => error,
    );
    expect(isEnvriggerError(missing, "JOB_REFUSED")).toBe(true);
    const altered = await materializePolicySpec(`learned:sha256:${hash}`, async () => ({ w: 2 }), cache).catch(
      (error: unknown) => error,
    );
    expect(isEnvriggerError(altered, "JOB_REFUSED")).toBe(true);
    expect(existsSync(join(cache, `${hash}.json`))).toBe(false);
  });
});
