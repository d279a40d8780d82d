import { z } from "zod";

/**
 * A repository the project never saw, as `repo:<dir or bundle>[?key=value&…]`. Every
 * setting may also come from an `envrigger-repo.json` file at the repository's root
 * (the query wins): `test` the command that runs the suite offline, `sources` globs of
 * the files to inject bugs into, `dev` the devDependencies (`name@version`, comma
 * separated), `name`, `commit` (default HEAD), and how many tasks to build of each source.
 */
export const repoSpecSettingsSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .optional(),
  test: z.string().min(1).optional(),
  sources: z.array(z.string().min(1)).optional(),
  dev: z.record(z.string(), z.string()).optional(),
  commit: z.string().optional(),
  historical: z.number().int().min(0).max(200).optional(),
  injected: z.number().int().min(0).max(500).optional(),
});

/** Settings of a `repo:` spec. */
export type RepoSpecSettings = z.infer<typeof repoSpecSettingsSchema>;

/** `name@version,name@version` → a record (scoped names keep their leading `@`). */
function parseDependencies(text: string): Record<string, string> {
  const dependencies: Record<string, string> = {};
  for (const item of text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = item.lastIndexOf("@");
    if (at <= 0) dependencies[item] = "*";
    else dependencies[item.slice(0, at)] = item.slice(at + 1);
  }
  return dependencies;
}

/** Split `repo:<path>?…` into the path and the settings given in the query. */
export function parseRepoSpec(spec: string): { location: string; settings: RepoSpecSettings } {
  const body = spec.replace(/^repo:/, "");
  const mark = body.indexOf("?");
  const location = mark < 0 ? body : body.slice(0, mark);
  const query = new URLSearchParams(mark < 0 ? "" : body.slice(mark + 1));
  const raw: Record<string, unknown> = {};
  for (const [key, value] of query) {
    if (key === "sources")
      raw.sources = value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
    else if (key === "dev") raw.dev = parseDependencies(value);
    else if (key === "historical" || key === "injected") raw[key] = Number(value);
    else raw[key] = value;
  }
  return { location, settings: raw as RepoSpecSettings };
}
