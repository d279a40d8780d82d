import { createHash } from "node:crypto";

/**
 * The cache key of a dependency set: the exact names and versions (order-free), the
 * platform and the node major version (prebuilt binaries such as esbuild's differ by them).
 */
export function dependencyKey(devDependencies: Record<string, string>): string {
  const sorted = Object.entries(devDependencies).sort(([left], [right]) => left.localeCompare(right));
  const identity = JSON.stringify({
    dependencies: sorted,
    platform: `${process.platform}-${process.arch}`,
    node: process.versions.node.split(".")[0],
  });
  return createHash("sha256").update(identity).digest("hex").slice(0, 20);
}
