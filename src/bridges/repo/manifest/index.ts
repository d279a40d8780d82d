export {
  defaultRepoManifestPath,
  type RepoManifest,
  readRepoManifest,
  repoBundlePath,
  repoManifestEntry,
} from "./read-repo-manifest.js";
export { type RepoManifestEntry, repoManifestEntrySchema, repoManifestSchema } from "./repo-manifest-entry.js";
