import ivm from "isolated-vm";
import { microsecondsPerOperation } from "./measure.js";

/**
 * The bare isolated-vm round trip on this machine — the floor for any sandboxed hook: one
 * synchronous call into an isolate with a small JSON string in and out (parsed and
 * serialised inside), no validation on the host.
 */
export async function benchIsolateRoundTrip() {
  const isolate = new ivm.Isolate({ memoryLimit: 32 });
  const context = isolate.createContextSync();
  const echo = context.evalSync(`(function (text) { const value = JSON.parse(text); return JSON.stringify(value); })`, { reference: true }) as ivm.Reference<(text: string) => string>;
  const payload = JSON.stringify({ name: "combine", args: { i: 0, j: 1, op: "add" } });
  const microseconds = await microsecondsPerOperation(() => {
    echo.applySync(undefined, [payload], { timeout: 1000 });
  }, 1, 9, 5000);
  echo.release();
  context.release();
  isolate.dispose();
  return { isolateRoundTripMicroseconds: Number(microseconds.toFixed(3)) };
}
