import { describe, expect, it } from "vitest";
import { reportingRunner, withRunnerReport } from "./runner-report.js";
import { shellQuote } from "./shell-quote.js";

describe("runner reports", () => {
  it("recognizes a command that ends running jest, vitest or ava, not one that pipes it or runs it through a script", () => {
    expect(reportingRunner(`npx jest --env node --config '{"preset":"ts-jest"}'`)).toBe("jest");
    expect(reportingRunner("node_modules/.bin/jest")).toBe("jest");
    expect(reportingRunner("npx vitest run")).toBe("vitest");
    expect(reportingRunner("npx ava")).toBe("ava");
    expect(reportingRunner("npx jest | tee log")).toBeNull();
    expect(reportingRunner("npm test")).toBeNull();
    expect(reportingRunner("npx uvu -r esm test")).toBeNull();
    expect(reportingRunner("npx java-test")).toBeNull();
  });

  it("adds jest's own JSON report and the selected files as escaped path patterns", () => {
    expect(withRunnerReport("jest", "npx jest", "/tmp/r dir/jest.json", ["src/a.test.ts"])).toBe(
      `npx jest --json --outputFile='/tmp/r dir/jest.json' 'src/a\\.test\\.ts$'`,
    );
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it("asks vitest for its JSON report and ava for TAP, with the selected files as arguments", () => {
    expect(withRunnerReport("vitest", "npx vitest run", "/r/report.json", ["test/a.test.ts"])).toBe(
      "npx vitest run --reporter=json --outputFile=/r/report.json test/a.test.ts",
    );
    expect(withRunnerReport("ava", "npx ava", "/r/unused.json", ["test.js"])).toBe("npx ava --tap test.js");
  });
});
