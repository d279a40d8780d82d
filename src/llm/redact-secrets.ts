/** Environment variables whose values are secrets; their values never appear in messages. */
export const SECRET_ENVIRONMENT_VARIABLES = ["OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY"] as const;

/** What a secret is replaced by. */
export const REDACTED = "[redacted]";

// Values shorter than this are not treated as secrets (a dummy key like "x" would otherwise
// blank out every letter x of a message).
const MINIMUM_SECRET_LENGTH = 4;

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  // Authorization headers.
  [/\bBearer\s+[^\s"',;]+/gi, `Bearer ${REDACTED}`],
  // key=…, api_key: …, x-goog-api-key: …, access_token=… (URLs, headers, JSON-ish text).
  [/\b(key|api[-_]?key|x-goog-api-key|access[-_]?token)(["']?\s*[=:]\s*)(["']?)[^\s"'&,;}]+/gi, `$1$2$3${REDACTED}`],
  // Well-known key shapes, even without a label.
  [/\bsk-[A-Za-z0-9_-]{16,}/g, REDACTED],
  [/\bAIza[0-9A-Za-z_-]{30,}/g, REDACTED],
];

/**
 * Replace secrets in `text` by `[redacted]`: the values of the known API-key environment
 * variables ({@link SECRET_ENVIRONMENT_VARIABLES}, read from `environment`), `Bearer …`
 * tokens, `key=…`-style assignments and well-known key shapes. Applied to every error
 * message the LLM plumbing raises and to every request a test server records.
 */
export function redactSecrets(text: string, environment: NodeJS.ProcessEnv = process.env): string {
  let result = text;
  for (const name of SECRET_ENVIRONMENT_VARIABLES) {
    const value = environment[name]?.trim();
    if (value && value.length >= MINIMUM_SECRET_LENGTH) result = result.split(value).join(REDACTED);
  }
  for (const [pattern, replacement] of SECRET_PATTERNS) result = result.replace(pattern, replacement);
  return result;
}
