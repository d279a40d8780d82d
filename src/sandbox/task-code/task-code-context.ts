import type ivm from "isolated-vm";
import type { Json } from "../../core/json.js";
import { classifyIsolateFailure, type IsolateFailure } from "../isolate/isolate-failure.js";
import { taskCodeInvocationSchema } from "./task-code-bootstrap.js";
import { runWithinTimeLimit, type TaskCodeTimeLimit } from "./task-code-time-limit.js";

/** What one call of task code produced, as the runner memoizes it. */
export type TaskCodeCallResult =
  /** The function returned a JSON value. */
  | { kind: "value"; value: Json }
  /** The function returned something that is not JSON; `text` is its short text form. */
  | { kind: "text"; text: string }
  /** The source did not load, the entry is missing, or the call threw, timed out or ran out of memory. */
  | { kind: "error"; message: string };

/** Scripts compiled once per isolate and run in each new task-code context. */
export interface TaskCodeScripts {
  /** {@link taskCodeBootstrapSource}, compiled. */
  bootstrap: ivm.Script;
  /** The runner's prelude, compiled; absent when there is none. */
  prelude?: ivm.Script;
}

/** The result of {@link TaskCodeContext.load}: a loaded context, or why the source did not load. */
export type TaskCodeLoad = { loaded: true; context: TaskCodeContext } | { loaded: false; failure: IsolateFailure };

const identifierPattern = /^[A-Za-z_$][\w$]*$/;

/** True when `entry` is a plain JavaScript identifier (the only entry names the runner evaluates). */
export function isTaskCodeEntryName(entry: string): boolean {
  return identifierPattern.test(entry);
}

/**
 * One task-code source loaded into its own fresh context of an isolate: the bootstrap
 * (hardening + invoker), then the prelude, then the source's top level, together under the
 * time limit (CPU time, with a wall-clock backstop: {@link runWithinTimeLimit}). Calls of an entry function go through the invoker and come back as a
 * {@link TaskCodeCallResult}; no host reference is ever passed into the context.
 */
export class TaskCodeContext {
  /** Per entry name: the invoker bound to the entry function, or why there is none. */
  private readonly callers = new Map<string, ivm.Reference | string>();

  private constructor(
    private readonly isolate: ivm.Isolate,
    private readonly context: ivm.Context,
    private readonly invoker: ivm.Reference,
    private readonly limit: TaskCodeTimeLimit,
  ) {}

  /**
   * Compile `source` and run it in a fresh context of `isolate`. Never throws for the
   * source's faults: a syntax error, a throwing top level, a timeout or running out of
   * memory (the isolate is then disposed) come back as the failure.
   */
  static load(isolate: ivm.Isolate, scripts: TaskCodeScripts, source: string, limit: TaskCodeTimeLimit): TaskCodeLoad {
    let script: ivm.Script;
    try {
      script = isolate.compileScriptSync(source, { filename: "task-code.js" });
    } catch (error) {
      return { loaded: false, failure: classifyIsolateFailure(error, isolate) };
    }
    try {
      // Each attempt starts from a fresh context, so a starved attempt repeated is the same run.
      const loaded = runWithinTimeLimit(
        isolate,
        limit,
        (timeout) => {
          const context = isolate.createContextSync();
          try {
            const invoker = scripts.bootstrap.runSync(context, { reference: true, timeout }) as ivm.Reference;
            scripts.prelude?.runSync(context, { reference: true, timeout }).release();
            // Taken as a reference (then dropped) so the completion value is never copied out.
            (script.runSync(context, { reference: true, timeout }) as ivm.Reference).release();
            return { context, invoker };
          } catch (error) {
            releaseQuietly(context);
            throw error;
          }
        },
        (value) => {
          releaseQuietly(value.invoker);
          releaseQuietly(value.context);
        },
      );
      if (!loaded.ok) return { loaded: false, failure: loaded.failure };
      return { loaded: true, context: new TaskCodeContext(isolate, loaded.value.context, loaded.value.invoker, limit) };
    } finally {
      releaseQuietly(script);
    }
  }

  /** Call `entry(...args)` (args are copied in, the result is copied out). */
  call(entry: string, args: Json[]): TaskCodeCallResult {
    const caller = this.callerOf(entry);
    if (typeof caller === "string") return { kind: "error", message: caller };
    const run = runWithinTimeLimit(
      this.isolate,
      this.limit,
      (timeout) =>
        caller.applySync(undefined, [args], { arguments: { copy: true }, result: { copy: true }, timeout }) as unknown,
    );
    if (!run.ok) return { kind: "error", message: run.failure.message };
    const returned = run.value;
    const parsed = taskCodeInvocationSchema.safeParse(returned);
    if (!parsed.success) return { kind: "error", message: "the sandbox returned a value of an unexpected shape" };
    const [tag, payload] = parsed.data;
    if (tag === 0) return { kind: "value", value: payload };
    if (tag === 1) return { kind: "text", text: payload };
    return { kind: "error", message: payload };
  }

  /** Free the context and every reference into it; safe to call twice or on a disposed isolate. */
  release(): void {
    for (const caller of this.callers.values()) if (typeof caller !== "string") releaseQuietly(caller);
    this.callers.clear();
    releaseQuietly(this.invoker);
    releaseQuietly(this.context);
  }

  /** The invoker bound to `entry` (looked up once per entry), or an error message. */
  private callerOf(entry: string): ivm.Reference | string {
    const known = this.callers.get(entry);
    if (known !== undefined) return known;
    let caller: ivm.Reference | string;
    if (!isTaskCodeEntryName(entry)) {
      caller = `entry "${entry}" is not a JavaScript identifier`;
    } else {
      // `entry` is an identifier (checked above), so this evaluates a binding and nothing else.
      const lookup = runWithinTimeLimit(
        this.isolate,
        this.limit,
        (timeout) => {
          const target = this.context.evalSync(`typeof ${entry} === "function" ? ${entry} : undefined`, {
            reference: true,
            timeout,
          }) as ivm.Reference;
          if (target.typeof !== "function") {
            target.release();
            return `entry function "${entry}" is not defined`;
          }
          return this.invoker.applySync(undefined, [target.derefInto({ release: true })], {
            result: { reference: true },
            timeout,
          }) as ivm.Reference;
        },
        (value) => {
          if (typeof value !== "string") releaseQuietly(value);
        },
      );
      if (lookup.ok) caller = lookup.value;
      else {
        // A timeout or lack of memory is about this attempt, not about the entry: do not remember it.
        if (lookup.failure.kind !== "other") return lookup.failure.message;
        caller = `entry function "${entry}" cannot be read: ${lookup.failure.message}`;
      }
    }
    this.callers.set(entry, caller);
    return caller;
  }
}

/** Release an isolated-vm handle, ignoring handles that are already gone. */
function releaseQuietly(handle: { release(): void } | undefined): void {
  try {
    handle?.release();
  } catch {
    // The isolate was disposed or the handle released before: nothing left to free.
  }
}
