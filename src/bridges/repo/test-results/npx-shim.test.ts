import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureNpxShim } from "./npx-shim.js";

const scratch = mkdtempSync(path.join(tmpdir(), "envrigger-npx-shim-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("ensureNpxShim", () => {
  const shim = path.join(ensureNpxShim(path.join(scratch, "cache")), "npx");
  const project = path.join(scratch, "project");
  mkdirSync(path.join(project, "node_modules", ".bin"), { recursive: true });
  writeFileSync(path.join(project, "node_modules", ".bin", "hello"), '#!/bin/sh\necho "local hello $*"\n', {
    mode: 0o755,
  });
  const run = (...args: string[]) => execFileSync(shim, args, { cwd: project, encoding: "utf8" });

  it("runs an installed package's bin directly, with its arguments", () => {
    expect(run("hello", "-r", "esm", "test dir")).toBe("local hello -r esm test dir\n");
  });

  it("hands flags and packages it does not have to npm's npx", () => {
    expect(run("--version")).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it("is written once per content", () => {
    expect(ensureNpxShim(path.join(scratch, "cache"))).toBe(path.dirname(shim));
  });
});
