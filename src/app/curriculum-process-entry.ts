import { errorMessage, isEnvriggerError } from "../core/errors.js";
import rigInWorker, { type CurriculumWorkerInput } from "./curriculum-worker.js";
import { processUsage } from "./process-usage.js";
import { processRunBudget } from "./process-run-budget.js";
import type { RunBudget } from "../rigger/run-budget.js";

// The run's budget, when it has one: held by the parent, asked over the IPC channel.
let budget: (RunBudget & { receive(message: unknown): boolean }) | null = null;

// Entry point of a curriculum child process (see process-executor.ts): rig each task the
// parent sends, answer with the result, and leave when the parent goes away.
process.on("message", (message: unknown) => {
  if (budget?.receive(message)) return;
  const input = message as CurriculumWorkerInput;
  const total = input.config.budgetTotal;
  if (total !== undefined && budget?.total !== total)
    budget = processRunBudget(total, (request) => process.send?.(request));
  rigInWorker(input, total === undefined ? undefined : (budget ?? undefined)).then(
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
