import { createHmac, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { EnvriggerError } from "../core/errors.js";

/** The environment variable holding the key workers sign results with and coordinators check them with. */
export const QUEUE_KEY_VARIABLE = "ENVRIGGER_QUEUE_KEY";

/** The environment variable naming a file that holds that key (used when {@link QUEUE_KEY_VARIABLE} is unset). */
export const QUEUE_KEY_FILE_VARIABLE = "ENVRIGGER_QUEUE_KEY_FILE";

/** The first line of a signed result: this prefix and the HMAC-SHA256 in hex. */
const SIGNATURE_PREFIX = "hmac-sha256:";

/** The shortest key accepted (characters): a short key can be guessed offline from one signed result. */
const MINIMUM_KEY_LENGTH = 16;

/**
 * The queue key from `ENVRIGGER_QUEUE_KEY`, else from the file `ENVRIGGER_QUEUE_KEY_FILE`
 * names (surrounding white space dropped), else undefined: results are then not
 * authenticated. A key file that is missing, or a key shorter than 16 characters, is a user error.
 */
export function queueKeyOf(environment: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  const file = environment[QUEUE_KEY_FILE_VARIABLE];
  let key = environment[QUEUE_KEY_VARIABLE];
  let source = QUEUE_KEY_VARIABLE;
  if (!key && file) {
    if (!existsSync(file))
      throw new EnvriggerError("BAD_ARGUMENT", `${QUEUE_KEY_FILE_VARIABLE} names ${file}, which does not exist`);
    key = readFileSync(file, "utf8").trim();
    source = `the file ${file} (${QUEUE_KEY_FILE_VARIABLE})`;
  }
  if (!key) return undefined;
  if (key.length < MINIMUM_KEY_LENGTH)
    throw new EnvriggerError(
      "BAD_ARGUMENT",
      `the queue key in ${source} has ${key.length} characters; at least ${MINIMUM_KEY_LENGTH} are needed`,
      { hint: "make one with: openssl rand -hex 32" },
    );
  return Buffer.from(key, "utf8");
}

/** Said once by a coordinator or worker that runs without a queue key. */
export const unsignedResultsWarning = `results on the queue are not authenticated: anyone who can write to this Redis can plant trajectories; set ${QUEUE_KEY_VARIABLE} (or ${QUEUE_KEY_FILE_VARIABLE}) to the same secret on the coordinator and every worker`;

function hmacOf(key: Buffer, jobId: string, payload: string): Buffer {
  return createHmac("sha256", key).update(jobId).update("\n").update(payload).digest();
}

/**
 * What a worker stores under a job's result key: with a key, a first line
 * `hmac-sha256:<hex>` (an HMAC over the job id and the payload, so a result cannot be
 * planted, altered or moved to another job) and then the payload; without one, the payload.
 */
export function signedResult(key: Buffer | undefined, jobId: string, payload: string): string {
  return key ? `${SIGNATURE_PREFIX}${hmacOf(key, jobId, payload).toString("hex")}\n${payload}` : payload;
}

/** The payload of a stored result, or why it is refused. */
export type OpenedResult = { ok: true; payload: string } | { ok: false; reason: "unsigned" | "bad-signature" };

/**
 * Open a stored result. With a key, only a result signed with it for this job is accepted;
 * without one, any result is (its signature, if any, cannot be checked and is dropped).
 */
export function openResult(key: Buffer | undefined, jobId: string, stored: string): OpenedResult {
  const signed = stored.startsWith(SIGNATURE_PREFIX);
  const newline = stored.indexOf("\n");
  if (!signed) return key ? { ok: false, reason: "unsigned" } : { ok: true, payload: stored };
  if (newline < 0) return { ok: false, reason: "bad-signature" };
  const payload = stored.slice(newline + 1);
  if (!key) return { ok: true, payload };
  const given = Buffer.from(stored.slice(SIGNATURE_PREFIX.length, newline), "hex");
  const expected = hmacOf(key, jobId, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "bad-signature" };
  return { ok: true, payload };
}
