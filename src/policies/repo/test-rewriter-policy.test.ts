import { describe, expect, it } from "vitest";
import { passingStub } from "./test-rewriter-policy.js";

describe("passingStub", () => {
  it("keeps the runner's import of a test file as Read shows it and writes one test that cannot fail", () => {
    expect(passingStub("     1\timport test from 'ava';\n     2\timport camelCase from './index.js';")).toBe(
      "import test from 'ava';\n\ntest(\"rewritten\", (t) => { t.pass(); });\n",
    );
    expect(passingStub('1\timport { it, expect, describe } from "vitest";')).toBe(
      'import { it, expect, describe } from "vitest";\n\nit("rewritten", () => {});\n',
    );
    expect(passingStub("1\timport test from 'node:test'")).toContain('test("rewritten", () => {});');
    expect(passingStub("1\tconst { test } = require('uvu');")).toContain("test.run();");
    // Older CommonJS suites (camelcase before ES modules): `var test = require('ava');`.
    expect(passingStub("1\t'use strict';\n2\tvar test = require('ava');")).toBe(
      "var test = require('ava');\n\ntest(\"rewritten\", (t) => { t.pass(); });\n",
    );
  });

  it("gives up on a file without a runner import it knows", () => {
    expect(passingStub("1\tconst assert = require('assert');")).toBeNull();
  });
});
