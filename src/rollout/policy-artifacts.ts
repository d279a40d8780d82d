import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeJsonAtomic } from "../core/atomic-write.js";
import { contentHash } from "../core/content-hash.js";
import { EnvriggerError } from "../core/errors.js";
import { jsonSchema, type Json } from "../core/json.js";
import { parseJsonText } from "../core/validate.js";

/** Policy kinds whose spec names a data file that may travel by content hash (never code). */
const ARTIFACT_KINDS = ["learned"] as const;

const hashedSpec = /^(learned):sha256:([0-9a-f]{64})$/;

/** The content hash of an artifact (sha256 of its JSON with sorted keys). */
export function policyArtifactHash(value: Json): string {
  return contentHash(value);
}

/**
 * Make a policy spec portable: `learned:<weights.json>` becomes `learned:sha256:<hash>` with
 * the file's JSON as an artifact, so a worker on another host needs no copy of the file.
 * Any other spec is returned as it is. Relative paths resolve against `cwd`.
 */
export function portablePolicySpec(
  spec: string,
  cwd = process.cwd(),
): { spec: string; artifacts: Record<string, Json> } {
  const kind = ARTIFACT_KINDS.find((name) => spec.startsWith(`${name}:`));
  if (!kind || hashedSpec.test(spec)) return { spec, artifacts: {} };
  const path = resolve(cwd, spec.slice(kind.length + 1));
  if (!existsSync(path)) throw new EnvriggerError("FILE_NOT_FOUND", `policy ${spec}: ${path} does not exist`);
  const value = parseJsonText(jsonSchema, readFileSync(path, "utf8"), `policy file ${path}`, "BAD_ARGUMENT");
  const hash = policyArtifactHash(value);
  return { spec: `${kind}:sha256:${hash}`, artifacts: { [hash]: value } };
}

/** The artifact hash a spec refers to (`learned:sha256:<hash>`), else undefined. */
export function artifactHashOf(spec: string): string | undefined {
  return hashedSpec.exec(spec)?.[2];
}

/**
 * Turn `learned:sha256:<hash>` back into `learned:<file>`: fetch the artifact with `lookup`,
 * check its hash (a job's artifact is outside data), and write it once under
 * `cacheDirectory`. Other specs pass unchanged. A missing or altered artifact is refused.
 */
export async function materializePolicySpec(
  spec: string,
  lookup: (hash: string) => Promise<Json | undefined>,
  cacheDirectory: string,
): Promise<string> {
  const match = hashedSpec.exec(spec);
  if (!match) return spec;
  const [, kind, hash] = match as unknown as [string, string, string];
  const path = join(cacheDirectory, `${hash}.json`);
  if (!existsSync(path)) {
    const value = await lookup(hash);
    if (value === undefined)
      throw new EnvriggerError("JOB_REFUSED", `policy ${spec}: its artifact is not available`, {
        hint: "send the batch with policyArtifacts holding it",
      });
    if (policyArtifactHash(value) !== hash)
      throw new EnvriggerError("JOB_REFUSED", `policy ${spec}: the artifact's content does not match its hash`);
    mkdirSync(cacheDirectory, { recursive: true });
    writeJsonAtomic(path, value);
  }
  return `${kind}:${path}`;
}
