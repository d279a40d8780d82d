import { errorMessage, isEnvriggerError } from "../core/errors.js";
import rigInWorker, { type CurriculumWorkerInput } from "./curriculum-worker.js";
import { processUsage } from "./process-usage.js";

// Entry point of a curriculum child process (see process-executor.ts): rig each task the
// parent sends, answer with the result, and leave when the parent goes away.
process.on("message", (input: CurriculumWorkerInput) => {
  rigInWorker(input).then(
    (result) => process.send?.({ ok: true, result, usage: processUsage() }),
    (error: unknown) =>
      process.send?.({
        ok: false,
        error: errorMessage(error),
        ...(isEnvriggerError(error) ? { code: error.code } : {}),
        usage: processUsage(),
      }),
  );
});
process.on("disconnect", () => process.exit(0));
// Loaded: say so, with what loading cost (the parent reports it as the process's start-up).
process.send?.({ ready: true, usage: processUsage() });
