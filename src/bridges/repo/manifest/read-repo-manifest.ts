import { readFileSync } from "node:fs";
import path from "node:path";
import { EnvriggerError } from "../../../core/errors.js";
import { packageFile } from "../../../core/package-root.js";
import { parseJsonText } from "../../../core/validate.js";
import { type RepoManifestEntry, repoManifestSchema } from "./repo-manifest-entry.js";

/** The bundled repositories' manifest (`data/repos/MANIFEST.json`, each repository MIT, licences in `data/repos/licenses/`). */
export function defaultRepoManifestPath(): string {
  return packageFile("data", "repos", "MANIFEST.json");
}

/** A manifest read from a file, with the directory its bundles are in. */
export interface RepoManifest {
  entries: RepoManifestEntry[];
  /** The directory of the manifest file (bundles are named relative to it). */
  directory: string;
}

/** Read and validate a repository manifest (default: the bundled one); a missing file is `FILE_NOT_FOUND`. */
export function readRepoManifest(manifestPath: string = defaultRepoManifestPath()): RepoManifest {
  let text: string;
  try {
    text = readFileSync(manifestPath, "utf8");
  } catch (error) {
    throw new EnvriggerError("FILE_NOT_FOUND", `cannot read the repository manifest ${manifestPath}`, { cause: error });
  }
  const entries = parseJsonText(repoManifestSchema, text, `repository manifest ${manifestPath}`);
  return { entries, directory: path.dirname(manifestPath) };
}

/** The absolute path of an entry's git bundle. */
export function repoBundlePath(manifest: RepoManifest, entry: RepoManifestEntry): string {
  return path.join(manifest.directory, entry.bundle);
}

/** The entry named `name`, or `UNKNOWN_TASK` listing the names there are. */
export function repoManifestEntry(manifest: RepoManifest, name: string): RepoManifestEntry {
  const entry = manifest.entries.find((candidate) => candidate.name === name);
  if (entry) return entry;
  throw new EnvriggerError("UNKNOWN_TASK", `no repository ${name} in the manifest`, {
    hint: `known: ${manifest.entries.map((candidate) => candidate.name).join(", ")}`,
  });
}
