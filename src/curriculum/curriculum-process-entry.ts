import { errorMessage, isEnvriggerError } from "../core/errors.js";
import rigInWorker, { type CurriculumWorkerInput } from "./curriculum-worker.js";

// Entry point of a curriculum child process (see process-executor.ts): rig each task the
// parent sends, answer with the result, and leave when the parent goes away.
process.on("message", (input: CurriculumWorkerInput) => {
  rigInWorker(input).then(
    (result) => process.send?.({ ok: true, result, maxRssKb: process.resourceUsage().maxRSS }),
    (error: unknown) => process.send?.({ ok: false, error: errorMessage(error), ...(isEnvriggerError(error) ? { code: error.code } : {}), maxRssKb: process.resourceUsage().maxRSS }),
  );
});
process.on("disconnect", () => process.exit(0));
