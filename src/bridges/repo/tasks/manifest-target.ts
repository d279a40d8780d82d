import type { RepoManifest, RepoManifestEntry } from "../manifest/index.js";
import { repoBundlePath } from "../manifest/index.js";
import type { RepoTarget } from "./repo-target.js";

/** A manifest note naming a flaky test: `FLAKY …: test "suite > name" …`. */
const flakyNote = /FLAKY[^"]*test "([^"]+)"/;

/** A bundled repository as a task target (its flaky tests read from the manifest's notes). */
export function manifestTarget(manifest: RepoManifest, entry: RepoManifestEntry): RepoTarget {
  return {
    name: entry.name,
    bundle: repoBundlePath(manifest, entry),
    commit: entry.commit,
    testCommand: entry.test_command,
    sourceFiles: entry.source_files,
    devDependencies: entry.devDependencies,
    tests: [],
    flakyTests: entry.notes.flatMap((note) => flakyNote.exec(note)?.[1] ?? []),
  };
}
