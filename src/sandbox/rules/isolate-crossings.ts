/** Calls from the host into a Rules isolate since the process started. */
let crossings = 0;

/**
 * How many times the host has called into a Rules isolate (every `applySync` of a hook
 * call, a group phase, or a follow-up after a timeout) since the process started. Read it
 * before and after some work to count that work's boundary crossings: the bench and the
 * tests use it to check that fused Rules layers cross at most twice per step.
 */
export function isolateCrossingCount(): number {
  return crossings;
}

/** Count one call into a Rules isolate (the sandbox's own runtimes call this). */
export function countIsolateCrossing(): void {
  crossings += 1;
}
