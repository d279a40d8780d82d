/** A normalised workspace path, or why the given one was refused. */
export type WorkspacePathResult = { path: string } | { error: string };

/**
 * Normalise a path given to a coding tool. Paths are relative to the workspace root; a
 * leading `/` or `./` is ignored, `.` segments and repeated slashes are dropped, and `..`
 * is refused (nothing lies outside the workspace). The root itself is the empty string.
 */
export function normalizeWorkspacePath(raw: string): WorkspacePathResult {
  const segments = raw
    .trim()
    .split("/")
    .filter((segment) => segment !== "" && segment !== ".");
  if (segments.includes("..")) return { error: `the path ${JSON.stringify(raw)} leaves the workspace ("..")` };
  return { path: segments.join("/") };
}
