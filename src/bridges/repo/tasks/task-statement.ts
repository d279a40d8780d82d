/** At most this many failing tests are named in a statement. */
const NAMED_TESTS = 6;

/** A test id as a reporter would name it: without the file, suites joined by ›. */
function readableName(id: string): string {
  const parts = id.split(" > ");
  return (parts.length > 1 ? parts.slice(1) : parts).join(" › ");
}

/** The failing tests, named as a test run shows them. */
function failingList(failing: readonly string[]): string {
  const named = failing.slice(0, NAMED_TESTS).map((id) => `- ${readableName(id)}`);
  const more = failing.length > NAMED_TESTS ? [`- … and ${failing.length - NAMED_TESTS} more`] : [];
  return [...named, ...more].join("\n");
}

/**
 * The issue text of a historical fix, from what a reporter knows: the commit subject and
 * which behaviours (the tests the fix added or changed) fail — never the patch.
 */
export function historicalStatement(repo: string, subject: string, failing: readonly string[]): string {
  return `${repo}: ${subject}\n\nThe expected behaviour is checked by tests that currently fail:\n${failingList(failing)}\n\nFix the library's source so that they pass; the existing tests must keep passing.`;
}

/** The issue text of an injected bug: the symptom as observed — tests that used to pass fail. */
export function injectedStatement(repo: string, failing: readonly string[]): string {
  return `${repo}: a recent change broke the library; these tests now fail:\n${failingList(failing)}\n\nFind the bug in the source and fix it; the tests themselves are correct.`;
}
