import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "./helpers/markdown-docs.js";

/** Folders of data/ written for envrigger itself (the rest is others' data, kept with its licence). */
const OWN_DATA: Record<string, string> = {
  "repo-tasks": "task records envrigger built from data/repos (whose licences are in data/repos/licenses)",
};

describe("licences", () => {
  it("LICENSE is the MIT licence that package.json names, and the package ships it", () => {
    const licence = readFileSync(join(repositoryRoot, "LICENSE"), "utf8");
    const manifest = JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8")) as {
      license: string;
      files: string[];
    };
    expect(manifest.license).toBe("MIT");
    expect(licence.split("\n")[0]).toBe("MIT License");
    expect(licence).toMatch(/^Copyright \(c\) \d{4} \S/m);
    expect(licence).toContain("The above copyright notice and this permission notice shall be included");
    expect(manifest.files).toContain("LICENSE*");
  });

  it("every folder of others' data under data/ keeps its licence beside it", () => {
    const data = join(repositoryRoot, "data");
    const unlicensed = readdirSync(data, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !(entry.name in OWN_DATA))
      .map((entry) => entry.name)
      // A LICENSE file, or (a folder of several sources) a licenses/ folder of one per source.
      .filter((folder) => !readdirSync(join(data, folder)).some((name) => /^licen[cs]es?\b/i.test(name)));
    expect(unlicensed).toEqual([]);
  });

  it("every bundled repository's licence is kept under data/repos/licenses", () => {
    const bundles = readdirSync(join(repositoryRoot, "data/repos")).filter((name) => name.endsWith(".bundle"));
    const licences = readdirSync(join(repositoryRoot, "data/repos/licenses"));
    expect(bundles.length).toBeGreaterThan(0);
    expect(
      bundles.map((name) => `${name.replace(/\.bundle$/, "")}.LICENSE`).filter((name) => !licences.includes(name)),
    ).toEqual([]);
  });
});
