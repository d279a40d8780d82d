import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../../../core/errors.js";
import { readRepoManifest, repoBundlePath, repoManifestEntry } from "./read-repo-manifest.js";

describe("readRepoManifest", () => {
  it("reads the eleven bundled repositories, each with its bundle beside the manifest", () => {
    const manifest = readRepoManifest();
    expect(manifest.entries.map((entry) => entry.name)).toHaveLength(11);
    for (const entry of manifest.entries) expect(existsSync(repoBundlePath(manifest, entry))).toBe(true);
    expect(repoManifestEntry(manifest, "dequal").devDependencies).toEqual({ uvu: "0.3.2", esm: "3.2.25" });
  });

  it("names the known repositories for an unknown one", () => {
    const failure = (() => {
      try {
        repoManifestEntry(readRepoManifest(), "left-pad");
      } catch (error) {
        return error;
      }
    })();
    expect(isEnvriggerError(failure, "UNKNOWN_TASK")).toBe(true);
    expect((failure as Error).message).toContain("klona");
  });
});
