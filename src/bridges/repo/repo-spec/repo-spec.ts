import { z } from "zod";
import { EnvriggerError } from "../../../core/errors.js";

/** A comma-separated list (`a,b`), or — in the settings file only — a JSON array of the same items. */
const list = z.union([z.string(), z.array(z.string())]);
/** A count: digits (`6`), or — in the settings file only — a JSON number. */
const count = (max: number) =>
  z
    .union([z.string().regex(/^\d+$/, "a whole number"), z.number().int()])
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

/**
 * The settings of a repository the project never saw, with the same keys and the same
 * value forms whether they come from the spec's query (`repo:<dir>?test=…&sources=…`) or
 * from an `envrigger-repo.json` at the repository's root (committed or not; the query
 * wins): `test` the command that runs the suite offline; `sources` and `tests` comma-separated
 * globs of the files to inject bugs into and of the test files (default: code files
 * outside the tests, and the usual test layouts including a root `test.js`); `dev` the
 * devDependencies as `name@version,…`; `name`; `commit` (default HEAD); `historical` and
 * `injected`, how many tasks to build of each source. The file may also give `sources` and
 * `tests` as arrays, `dev` as a `{ name: version }` record and the counts as numbers.
 */
export const repoSpecSettingsSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .optional(),
  test: z.string().min(1).optional(),
  sources: list.optional(),
  tests: list.optional(),
  dev: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
  commit: z.string().optional(),
  historical: count(200).optional(),
  injected: count(500).optional(),
});

/** Settings of a `repo:` spec as written (query or file). */
export type RepoSpecSettingsInput = z.input<typeof repoSpecSettingsSchema>;

/** Settings of a `repo:` spec, normalised: lists as arrays, dependencies as a record. */
export interface RepoSpecSettings {
  name?: string;
  test?: string;
  sources?: string[];
  tests?: string[];
  dev?: Record<string, string>;
  commit?: string;
  historical?: number;
  injected?: number;
}

/** `name@version,name@version` → a record (scoped names keep their leading `@`). */
function parseDependencies(text: string): Record<string, string> {
  const dependencies: Record<string, string> = {};
  for (const item of splitList(text)) {
    const at = item.lastIndexOf("@");
    if (at <= 0) dependencies[item] = "*";
    else dependencies[item.slice(0, at)] = item.slice(at + 1);
  }
  return dependencies;
}

function splitList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Settings as parsed by {@link repoSpecSettingsSchema}, in their one normalised form. */
export function normaliseRepoSettings(parsed: z.output<typeof repoSpecSettingsSchema>): RepoSpecSettings {
  const { sources, tests, dev, ...rest } = parsed;
  const asList = (value: string | string[] | undefined) =>
    value === undefined ? undefined : typeof value === "string" ? splitList(value) : value;
  return {
    ...rest,
    ...(sources !== undefined ? { sources: asList(sources) } : {}),
    ...(tests !== undefined ? { tests: asList(tests) } : {}),
    ...(dev !== undefined ? { dev: typeof dev === "string" ? parseDependencies(dev) : dev } : {}),
  };
}

/**
 * One query value, percent-decoded exactly once: `%26` is `&`, `%25` is `%`, `%20` a
 * space; `+` stays a plus (this is not a form). A `%` not followed by two hex digits is a
 * user error (write `%25`).
 */
function decodeOnce(text: string, spec: string): string {
  try {
    return decodeURIComponent(text);
  } catch (error) {
    throw new EnvriggerError("BAD_CONFIG", `cannot percent-decode ${JSON.stringify(text)} in ${spec}`, {
      cause: error,
      hint: "write a literal % as %25 and a literal & as %26 (a value is decoded exactly once; + stays +)",
    });
  }
}

/**
 * Split `repo:<path>?key=value&…` into the path and the raw settings given in the query:
 * pairs split on `&`, each key and value split at its first `=` and percent-decoded once.
 */
export function parseRepoSpec(spec: string): { location: string; settings: Record<string, string> } {
  const body = spec.replace(/^repo:/, "");
  const mark = body.indexOf("?");
  const location = mark < 0 ? body : body.slice(0, mark);
  const settings: Record<string, string> = {};
  if (mark >= 0)
    for (const pair of body.slice(mark + 1).split("&")) {
      if (pair === "") continue;
      const equals = pair.indexOf("=");
      const key = decodeOnce(equals < 0 ? pair : pair.slice(0, equals), spec);
      settings[key] = decodeOnce(equals < 0 ? "" : pair.slice(equals + 1), spec);
    }
  return { location, settings };
}
