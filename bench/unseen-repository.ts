import { type GitRevision, makeGitRepository } from "../src/testing/make-git-repository.js";

const statsV1 = `export function mean(values) {
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function clamp(value, low, high) {
  return Math.min(low, Math.max(high, value));
}
`;

const statsV2 = statsV1.replace(
  "  return sorted[Math.floor(sorted.length / 2)];",
  "  const middle = Math.floor(sorted.length / 2);\n  if (sorted.length % 2 === 0) return (sorted[middle - 1] + sorted[middle]) / 2;\n  return sorted[middle];",
);

const statsV3 = statsV2.replace(
  "  return Math.min(low, Math.max(high, value));",
  "  return Math.max(low, Math.min(high, value));",
);

const statsV4 = `${statsV3}
export function range(start, end, step = 1) {
  const out = [];
  for (let value = start; value < end; value += step) out.push(value);
  return out;
}
`;

const testsV1 = `import { test } from "node:test";
import assert from "node:assert/strict";
import { mean, median } from "../src/stats.js";

test("mean of a list", () => assert.equal(mean([1, 2, 3, 6]), 3));
test("mean of one value", () => assert.equal(mean([5]), 5));
test("median of an odd list", () => assert.equal(median([3, 1, 2]), 2));
`;

const testsV2 = `${testsV1}test("median of an even list averages the middle two", () => assert.equal(median([4, 1, 3, 2]), 2.5));
`;

const testsV3 = testsV2
  .replace('import { mean, median } from "../src/stats.js";', 'import { clamp, mean, median } from "../src/stats.js";')
  .concat(
    'test("clamp keeps a value inside", () => assert.equal(clamp(5, 0, 10), 5));\ntest("clamp raises a low value", () => assert.equal(clamp(-3, 0, 10), 0));\ntest("clamp lowers a high value", () => assert.equal(clamp(42, 0, 10), 10));\n',
  );

const rangeTests = `import { test } from "node:test";
import assert from "node:assert/strict";
import { range } from "../src/stats.js";

test("range counts up to its end", () => assert.deepEqual(range(0, 4), [0, 1, 2, 3]));
test("range takes a step", () => assert.deepEqual(range(1, 8, 3), [1, 4, 7]));
test("range of an empty span", () => assert.deepEqual(range(3, 3), []));
`;

const revisions: GitRevision[] = [
  {
    subject: "stats: mean, median and clamp",
    files: {
      "package.json": '{ "name": "tiny-stats", "type": "module", "private": true }\n',
      "src/stats.js": statsV1,
      "test/stats.test.js": testsV1,
    },
  },
  {
    subject: "median of an even-length list is the mean of the middle two",
    files: { "src/stats.js": statsV2, "test/stats.test.js": testsV2 },
  },
  {
    subject: "clamp returned the bound instead of the value",
    files: { "src/stats.js": statsV3, "test/stats.test.js": testsV3 },
  },
  { subject: "range(start, end, step)", files: { "src/stats.js": statsV4, "test/range.test.js": rangeTests } },
];

/**
 * A small library the project never saw, made fresh with its git history: four commits,
 * two of them real fixes with the tests that show them, tested with Node's own runner
 * (`node --test`, TAP output) and no dependencies at all.
 */
export function makeUnseenRepository(): string {
  return makeGitRepository(revisions, "envrigger-unseen-repo-");
}
