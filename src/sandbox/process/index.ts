export { type IsolationAvailability, checkIsolation } from "./isolation-availability.js";
export {
  type Isolation,
  type IsolatedRunOptions,
  type IsolatedRunResult,
  type IsolatedStop,
  isolatedRunOptionsSchema,
  isolatedStopSchema,
  isolationSchema,
} from "./isolated-run.js";
export {
  defaultProcessLimits,
  type ProcessLimits,
  processLimitsSchema,
  resolveProcessLimits,
} from "./process-limits.js";
export { runIsolated } from "./run-isolated.js";
export { sandboxEnvironment } from "./sandbox-command.js";
