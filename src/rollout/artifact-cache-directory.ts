import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where artifacts named by content hash are written to be loaded (shared by every run; content-addressed). */
export function artifactCacheDirectory(): string {
  return join(tmpdir(), "envrigger-artifacts");
}
