import type ivm from "isolated-vm";
import { isolatedVm } from "../src/sandbox/isolate/load-isolated-vm.js";
import { microsecondsPerOperation } from "./measure.js";

/** A bare isolate and one round trip into it (see {@link benchIsolateRoundTrip}); dispose when done. */
export interface RoundTripFloor {
  roundTrip(): void;
  dispose(): void;
}

/**
 * The bare isolated-vm round trip — the floor for any sandboxed hook: one synchronous call
 * into an isolate, under a timeout like every hook call, with a small JSON string in and
 * out (parsed and serialised inside), no validation on the host.
 */
export function createRoundTripFloor(): RoundTripFloor {
  const isolate = new (isolatedVm().Isolate)({ memoryLimit: 32 });
  const context = isolate.createContextSync();
  const echo = context.evalSync(`(function (text) { const value = JSON.parse(text); return JSON.stringify(value); })`, {
    reference: true,
  }) as ivm.Reference<(text: string) => string>;
  const payload = JSON.stringify({ name: "combine", args: { i: 0, j: 1, op: "add" } });
  return {
    roundTrip: () => {
      echo.applySync(undefined, [payload], { timeout: 1000 });
    },
    dispose: () => {
      echo.release();
      context.release();
      isolate.dispose();
    },
  };
}

/** The bare isolated-vm round trip on this machine (µs), see {@link createRoundTripFloor}. */
export async function benchIsolateRoundTrip() {
  const floor = createRoundTripFloor();
  const microseconds = await microsecondsPerOperation(floor.roundTrip, 1, 9, 5000);
  floor.dispose();
  return { isolateRoundTripMicroseconds: Number(microseconds.toFixed(3)) };
}
