import { describe, expect, it } from "vitest";
import { parseCommandReport } from "./command-report.js";

describe("parseCommandReport", () => {
  it("reads the command's wall time from its two stamps and sums the CPU that `times` printed", () => {
    const report = "1000000000 1250500000 0\n0m0.010000s 0m0.002000s\n1m2.500000s 0m0.500000s\n";
    expect(parseCommandReport(report)).toEqual({ commandMs: 250.5, cpuMs: 63_012 });
  });

  it("is null for a report the wrapper never finished", () => {
    expect(parseCommandReport("")).toBeNull();
    expect(parseCommandReport("1000 2")).toBeNull();
  });
});
