import { z } from "zod";

/** One repository of `data/repos/MANIFEST.json`: where it is, how its tests run, what they need. */
export const repoManifestEntrySchema = z.object({
  /** The short name, also the bundle's stem (`dequal`). */
  name: z.string().min(1),
  /** owner/name on GitHub. */
  repo: z.string(),
  /** The pinned commit (the bundle's HEAD). */
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  license: z.string(),
  license_file: z.string(),
  domain: z.string(),
  /** The source files (relative), the ones the tests exercise. */
  source_files: z.array(z.string()).min(1),
  test_runner: z.string(),
  /** A shell command that runs the suite offline once the devDependencies are installed. */
  test_command: z.string().min(1),
  /** The devDependencies at exact versions (what the cache installs). */
  devDependencies: z.record(z.string(), z.string()),
  tests_passed: z.number().int().nonnegative(),
  test_seconds: z.number().nonnegative(),
  injected_bug_check: z.string(),
  notes: z.array(z.string()),
  /** The git bundle's file name, next to the manifest. */
  bundle: z.string(),
});

/** One repository of the manifest. */
export type RepoManifestEntry = z.infer<typeof repoManifestEntrySchema>;

/** The manifest: the repositories, each once by name. */
export const repoManifestSchema = z
  .array(repoManifestEntrySchema)
  .refine((entries) => new Set(entries.map((entry) => entry.name)).size === entries.length, "names are unique");
