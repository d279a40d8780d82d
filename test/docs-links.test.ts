import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  documentationFiles,
  existsInRepository,
  headingAnchors,
  isExternal,
  markdownLinks,
  proseLines,
  readDocument,
  repositoryRoot,
  resolveLink,
} from "./helpers/markdown-docs.js";

const files = documentationFiles();

describe("the documentation pages", () => {
  it("are all reachable from the README by relative links", () => {
    const reached = new Set<string>(["README.md"]);
    const queue = ["README.md"];
    while (queue.length > 0) {
      const file = queue.shift() as string;
      for (const link of markdownLinks(file)) {
        if (isExternal(link.target)) continue;
        const { path } = resolveLink(link);
        if (path.endsWith(".md") && !reached.has(path) && existsInRepository(path)) {
          reached.add(path);
          queue.push(path);
        }
      }
    }
    expect(files.filter((file) => !reached.has(file))).toEqual([]);
  });

  it("include a README of at most 250 lines whose Layout names every folder of src/", () => {
    const readme = readDocument("README.md");
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    const layout = readme.slice(readme.indexOf("## Layout"));
    const folders = readdirSync(join(repositoryRoot, "src"), { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    expect(folders.map((folder) => folder.name).filter((name) => !layout.includes(`\`src/${name}/\``))).toEqual([]);
  });

  it("close every code block they open", () => {
    const unbalanced = files.filter((file) => (readDocument(file).match(/^\s*```/gm)?.length ?? 0) % 2 === 1);
    expect(unbalanced).toEqual([]);
  });

  it("link only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const link of markdownLinks(file)) {
        if (isExternal(link.target)) continue;
        const { path, anchor } = resolveLink(link);
        if (!existsInRepository(path)) {
          broken.push(`${file}:${link.line} ${link.target}: no file ${path}`);
        } else if (anchor !== undefined && (!path.endsWith(".md") || !headingAnchors(path).has(anchor))) {
          broken.push(`${file}:${link.line} ${link.target}: no heading #${anchor} in ${path}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("name only repository files that exist", () => {
    // A path in inline code under one of the repository's folders, e.g. `src/rigger/decision-rule.ts`.
    const pathPattern = /`((?:src|test|bench|data|scripts|designer-prompts|docs|bin)\/[A-Za-z0-9_./-]*[A-Za-z0-9_])`/g;
    const missing: string[] = [];
    for (const file of files) {
      proseLines(readDocument(file)).forEach((line, index) => {
        for (const match of line.matchAll(pathPattern)) {
          const path = match[1] as string;
          if (!existsInRepository(path)) missing.push(`${file}:${index + 1} ${path}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });

  it("say nothing of work sessions (current facts, not a lab notebook)", () => {
    const sessionLanguage =
      /\b(stop \d+|this stop|the lead|helpers? session|last session|this session|previous session|two sessions ago|on branch|branch issue-|issue-\d+[a-z]?\b)/i;
    const hits: string[] = [];
    for (const file of files) {
      readDocument(file)
        .split("\n")
        .forEach((line, index) => {
          if (sessionLanguage.test(line)) hits.push(`${file}:${index + 1} ${line.trim().slice(0, 100)}`);
        });
    }
    expect(hits).toEqual([]);
  });
});
