/**
 * The one error family of envrigger. Every thrown error carries a stable `code` and a
 * `category`:
 * - `user`: bad input (CLI arguments, config, plugin modules) — fix the input;
 * - `model`: a policy or designer produced something invalid — usually returned as data;
 * - `system`: a bug or a broken invariant inside envrigger — please report it;
 * - `external`: a service outside envrigger failed — a model provider, a remote env, the
 *   rollout queue, a call past its deadline; the CLI prints one line (no "report a bug"),
 *   and where no retry fixes it (an unreachable endpoint, a refused key, a spent quota) the
 *   run stops: fix it, then resume.
 */
export type ErrorCategory = "user" | "model" | "system" | "external";

/** Every error code with its category. Codes are stable: tests and callers match on them. */
export const errorCodes = {
  BAD_ARGUMENT: "user",
  BAD_CONFIG: "user",
  UNKNOWN_ENV: "user",
  UNKNOWN_TASK: "user",
  UNKNOWN_POLICY: "user",
  UNKNOWN_DESIGNER: "user",
  PLUGIN_LOAD: "user",
  PLUGIN_SHAPE: "user",
  FILE_NOT_FOUND: "user",
  /** A path the user gave cannot be read or written (not a directory, permission denied, …). */
  FILE_SYSTEM: "user",
  MISSING_SECRET: "user",
  INVALID_STACK: "user",
  ENV_CLOSED: "user",
  EPISODE_NOT_STARTED: "user",
  EPISODE_OVER: "user",
  POLICY_OUTPUT: "model",
  DESIGNER_OUTPUT: "model",
  COMPONENT_REJECTED: "model",
  COMPONENT_RUNTIME: "model",
  SETUP_INVALID: "model",
  PROVIDER: "external",
  /** The provider cannot serve any call of this run (unreachable, bad key, quota, unknown model): the run stops, resumable. */
  PROVIDER_UNAVAILABLE: "external",
  /** An env or policy call outlived its deadline (the episode ends with stop reason `timeout`). */
  CALL_TIMEOUT: "external",
  SANDBOX: "system",
  INVALID_SHAPE: "system",
  INTERNAL: "system",
  /** A remote environment server (e.g. OpenEnv) is unreachable, refused, dropped the connection or answered with an error. */
  REMOTE_ENV: "external",
  /**
   * Too many episodes errored for reasons outside what was measured (a remote env, a
   * provider, a queue) to compute a rate or take a decision from the rest; nothing was decided.
   */
  EPISODES_ERRORED: "external",
  /** The rollout queue's Redis is unreachable, refused the credentials, or dropped the connection. */
  QUEUE_UNREACHABLE: "external",
  /** A rollout job failed on a queue worker (refused, or its batch could not run); the reason is in the message. */
  QUEUE_JOB_FAILED: "external",
  /** A queue worker refused a job: malformed data, or an env, plugin, URL or policy it does not allow. */
  JOB_REFUSED: "user",
  /** No browser for a web environment (e.g. miniwob): Chromium is missing; the message says how to install it. */
  BROWSER_UNAVAILABLE: "user",
  /**
   * A web page (miniwob) did not settle within its real-time deadline — images, fonts or
   * requests still loading: the episode ends as errored, never scored on a page read early.
   */
  PAGE_NOT_SETTLED: "external",
  /** No OS sandbox (bubblewrap) for running real code, and the user did not ask to run it unconfined; the message says how to install one. */
  ISOLATION_UNAVAILABLE: "user",
  /**
   * A run directory written by another envrigger in another run format: before 1.0 older
   * runs are refused, not converted; the message names the version that wrote it.
   */
  OLD_RUN_FORMAT: "user",
  /** A stored file is not what was written: a candidate whose id is not the hash of its stack, a damaged checkpoint database. */
  INTEGRITY: "user",
  /** npm could not install a repository's devDependencies (unknown version, registry unreachable); npm's message says which. */
  DEPENDENCY_INSTALL: "external",
  /** A repository's test command reported no test at the pinned commit (nothing to grade by). */
  NO_TESTS: "user",
  /** A repository's test command reported tests, but none passed in every run at the pinned commit. */
  NO_PASSING_TESTS: "user",
  /** No candidate of a repository became a validated task; the message counts the reasons. */
  NO_TASKS: "user",
  /** The run's rollout budget (`--budget-total`) was spent before a task's first rollout: the task is reported as not rigged. */
  BUDGET_EXHAUSTED: "user",
  /** This Node.js is not one envrigger supports, or isolated-vm has no build for it; the message names the version and the fix. */
  UNSUPPORTED_NODE: "user",
  /** The caller's AbortSignal stopped a run; its checkpoints are kept, so it resumes. */
  ABORTED: "user",
} as const satisfies Record<string, ErrorCategory>;

/** A stable error code. */
export type ErrorCode = keyof typeof errorCodes;

/** Options of {@link EnvriggerError}. */
export interface EnvriggerErrorOptions {
  /** What to do about it, shown after the message. */
  hint?: string;
  /** The underlying error. */
  cause?: unknown;
  /** Extra structured detail (JSON). */
  details?: Record<string, unknown>;
}

/** The error class every envrigger failure is thrown as. */
export class EnvriggerError extends Error {
  readonly code: ErrorCode;
  readonly category: ErrorCategory;
  readonly hint?: string;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: EnvriggerErrorOptions = {}) {
    super(options.hint ? `${message}\n  hint: ${options.hint}` : message, { cause: options.cause });
    this.name = "EnvriggerError";
    this.code = code;
    this.category = errorCodes[code];
    this.hint = options.hint;
    this.details = options.details;
  }

  /** A JSON-safe view for `--json` outputs and records. */
  toJSON(): { code: ErrorCode; category: ErrorCategory; message: string } {
    return { code: this.code, category: this.category, message: this.message };
  }
}

/** True when `error` is an {@link EnvriggerError}, optionally with the given code. */
export function isEnvriggerError(error: unknown, code?: ErrorCode): error is EnvriggerError {
  return error instanceof EnvriggerError && (code === undefined || error.code === code);
}

/** The category of an error code (`undefined` for a string that is not one). */
export function errorCategoryOf(code: string): ErrorCategory | undefined {
  return Object.hasOwn(errorCodes, code) ? errorCodes[code as ErrorCode] : undefined;
}

/** The message of any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A Node file-system failure (`ENOTDIR`, `EACCES`, … with a `syscall` and a `path`) as a
 * one-line `FILE_SYSTEM` user error; anything else comes back unchanged.
 */
export function fromFileSystemError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { code, syscall, path } = error as NodeJS.ErrnoException;
  if (typeof code !== "string" || !/^E[A-Z]+$/.test(code) || typeof syscall !== "string" || typeof path !== "string")
    return error;
  const reason = error.message.replace(/^[A-Z]+: /, "").replace(/, .*$/, "");
  return new EnvriggerError("FILE_SYSTEM", `cannot ${syscall} ${path}: ${reason} (${code})`, { cause: error });
}
