import { describe, expect, it } from "vitest";
import { parseToy24Csv, TOY24_CSV_HEADER } from "./toy24-puzzle-csv.js";

const rows = ["1,1 1 4 6,4.4,99.20%,4.67,1.48", "2,3 3 8 8,104.24,30.80%,15.65,10.6"];
const csv = (...lines: string[]) => [TOY24_CSV_HEADER, ...lines].join("\n");
const code = (action: () => unknown) => {
  try {
    action();
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  return { code: "none", message: "" };
};

describe("parseToy24Csv", () => {
  it("reads every column", () => {
    expect(parseToy24Csv(`${csv(...rows)}\n`)).toEqual([
      {
        rank: 1,
        numbers: [1, 1, 4, 6],
        humanSolveSeconds: 4.4,
        humanSolvedRate: 0.992,
        oneSigmaMeanSeconds: 4.67,
        oneSigmaStandardDeviationSeconds: 1.48,
      },
      {
        rank: 2,
        numbers: [3, 3, 8, 8],
        humanSolveSeconds: 104.24,
        humanSolvedRate: 0.308,
        oneSigmaMeanSeconds: 15.65,
        oneSigmaStandardDeviationSeconds: 10.6,
      },
    ]);
    expect(parseToy24Csv(csv(...rows).replaceAll("\n", "\r\n"))).toHaveLength(2);
  });

  it("refuses a wrong header, a missing body and ranks out of order", () => {
    expect(code(() => parseToy24Csv(`Rank,Puzzles\n${rows[0]}`)).code).toBe("INVALID_SHAPE");
    expect(code(() => parseToy24Csv(csv())).message).toContain("no puzzles");
    expect(code(() => parseToy24Csv(csv(rows[1] as string))).message).toContain("expected rank 1");
  });

  it("names the line of a malformed row", () => {
    const cases = [
      "1,1 1 4,4.4,99.20%,4.67,1.48", // three numbers
      "1,1 1 4 14,4.4,99.20%,4.67,1.48", // a number above 13
      "1,1 1 4 6,4.4,99.20,4.67,1.48", // rate without %
      "1,1 1 4 6,4.4,199%,4.67,1.48", // rate above 100%
      "1,1 1 4 6,4.4,99.20%,4.67", // five fields
      '1,"1 1 4 6",4.4,99.20%,4.67,1.48', // quoting
      "1,1 1 4 6,-4.4,99.20%,4.67,1.48", // negative time
      "",
    ];
    for (const line of cases) {
      const result = code(() => parseToy24Csv(csv(line, rows[1] as string)));
      expect(result.code, line).toBe("INVALID_SHAPE");
      expect(result.message, line).toContain("line 2");
    }
  });
});
