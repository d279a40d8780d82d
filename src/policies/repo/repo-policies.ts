import type { PolicyFactory } from "../../core/policy.js";
import { createReferencePolicy } from "./repo-oracle-policy.js";
import { createSubmitAtOncePolicy } from "./submit-at-once-policy.js";
import { createTestEditorPolicy } from "./test-editor-policy.js";
import { createTestRewriterPolicy } from "./test-rewriter-policy.js";

/**
 * The scripted policies of a `repo` env (`repo` or `repo:<dir>`), by name:
 * - `oracle`: makes the reference change of the task the episode started on, runs the tests, submits;
 * - `hasty`: a persona that makes only the first part of the change and, in about half of
 *   its episodes, submits without running the tests (when a test run shows failures it
 *   makes the rest; a refused Submit makes it run them);
 * - `test-editor`: empties the failing test files and submits (wins only the public reward);
 * - `test-rewriter`: writes a passing stub over every file that looks like a test and submits (the same);
 * - `submit-at-once`: submits the start tree unchanged.
 */
export function repoPolicies(envId: string): Record<string, PolicyFactory> {
  return {
    oracle: () =>
      createReferencePolicy(envId, {
        name: "oracle",
        changesBeforeTesting: Number.POSITIVE_INFINITY,
        testProbability: 1,
      }),
    hasty: () => createReferencePolicy(envId, { name: "hasty", changesBeforeTesting: 1, testProbability: 0.5 }),
    "test-editor": createTestEditorPolicy,
    "test-rewriter": createTestRewriterPolicy,
    "submit-at-once": createSubmitAtOncePolicy,
  };
}
