import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file is test/helpers/markdown-docs.ts). */
export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** A link written in a Markdown file: `[text](target)`, outside code. */
export interface MarkdownLink {
  /** The file it is written in, relative to the repository root. */
  file: string;
  line: number;
  target: string;
}

/** The user-facing Markdown files: the README, CONTRIBUTING.md, bench/README.md and every page under docs/. */
export function documentationFiles(): string[] {
  const pages = readdirSync(join(repositoryRoot, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  return ["README.md", "CONTRIBUTING.md", "bench/README.md", ...pages.sort()];
}

export function readDocument(file: string): string {
  return readFileSync(join(repositoryRoot, file), "utf8");
}

/** The lines of a Markdown text with fenced code blocks blanked out (line numbers kept). */
export function proseLines(text: string): string[] {
  let inFence = false;
  return text.split("\n").map((line) => {
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      return "";
    }
    return inFence ? "" : line;
  });
}

/** A prose line with its inline code spans removed. */
function withoutInlineCode(line: string): string {
  return line.replace(/`[^`]*`/g, "");
}

/** Every Markdown link of a file, outside fenced and inline code. */
export function markdownLinks(file: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(readDocument(file)).forEach((line, index) => {
    for (const match of withoutInlineCode(line).matchAll(/\]\(([^)\s]+)\)/g)) {
      links.push({ file, line: index + 1, target: match[1] as string });
    }
  });
  return links;
}

/** Whether a link leaves the repository (a URL or an e-mail address). */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** GitHub's anchor for a heading text: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a Markdown file defines (its headings; repeated slugs get -1, -2, … as on GitHub). */
export function headingAnchors(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(readDocument(file))) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1] as string);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Where a relative link points: the file (relative to the repository root) and its anchor. */
export function resolveLink(link: MarkdownLink): { path: string; anchor: string | undefined } {
  const [pathPart, anchor] = link.target.split("#", 2) as [string, string | undefined];
  const path =
    pathPart === "" ? link.file : relative(repositoryRoot, resolve(repositoryRoot, dirname(link.file), pathPart));
  return { path, anchor: anchor === undefined || anchor === "" ? undefined : anchor };
}

/** Whether a path relative to the repository root exists. */
export function existsInRepository(path: string): boolean {
  return existsSync(join(repositoryRoot, path));
}
