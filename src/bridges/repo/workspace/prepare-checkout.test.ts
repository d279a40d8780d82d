import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readRepoManifest, repoBundlePath, repoManifestEntry } from "../manifest/index.js";
import { prepareCheckout } from "./prepare-checkout.js";

const cacheDir = mkdtempSync(path.join(tmpdir(), "envrigger-checkout-test-"));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe("prepareCheckout", () => {
  const manifest = readRepoManifest();
  const dequal = repoManifestEntry(manifest, "dequal");
  const bundle = repoBundlePath(manifest, dequal);

  it("checks out the commit without .git, applies prepare once, and reuses the tree", async () => {
    let prepared = 0;
    const options = {
      bundle,
      commit: dequal.commit,
      key: "marked",
      prepare: async (dir: string) => {
        prepared += 1;
        writeFileSync(path.join(dir, "MARK"), "x");
      },
    };
    const [first, concurrent] = await Promise.all([
      prepareCheckout(options, { cacheDir }),
      prepareCheckout(options, { cacheDir }),
    ]);
    const again = await prepareCheckout(options, { cacheDir });
    expect(concurrent).toBe(first);
    expect(again).toBe(first);
    expect(prepared).toBe(1);
    expect(existsSync(path.join(first, ".git"))).toBe(false);
    expect(existsSync(path.join(first, "MARK"))).toBe(true);
    expect(readFileSync(path.join(first, "src", "index.js"), "utf8")).toContain("export function dequal");
    const plain = await prepareCheckout({ bundle, commit: dequal.commit }, { cacheDir });
    expect(plain).not.toBe(first);
    expect(existsSync(path.join(plain, "MARK"))).toBe(false);
  });
});
