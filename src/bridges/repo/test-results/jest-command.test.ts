import { describe, expect, it } from "vitest";
import { runsJest, shellQuote, withJestReport } from "./jest-command.js";

describe("jest commands", () => {
  it("recognizes a command that ends running jest, not one that pipes it or runs it through a script", () => {
    expect(runsJest(`npx jest --env node --config '{"preset":"ts-jest"}'`)).toBe(true);
    expect(runsJest("node_modules/.bin/jest")).toBe(true);
    expect(runsJest("npx jest | tee log")).toBe(false);
    expect(runsJest("npm test")).toBe(false);
    expect(runsJest("npx uvu -r esm test")).toBe(false);
  });

  it("adds jest's own JSON report and the selected files as escaped path patterns", () => {
    expect(withJestReport("npx jest", "/tmp/r dir/jest.json", ["src/a.test.ts"])).toBe(
      `npx jest --json --outputFile='/tmp/r dir/jest.json' 'src/a\\.test\\.ts$'`,
    );
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});
