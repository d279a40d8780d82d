import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { handleInterrupts, TERMINAL_RESTORE } from "./interrupt.js";

function setUp(interactive: boolean) {
  const signals = new EventEmitter();
  const written: string[] = [];
  const exits: number[] = [];
  let stops = 0;
  const remove = handleInterrupts({
    stderr: (text) => written.push(text),
    interactive,
    message: () => "continue it with envrigger curriculum --resume runs/x",
    stop: () => {
      stops += 1;
    },
    exit: (code) => exits.push(code),
    signals: signals as unknown as NodeJS.Process,
  });
  return { signals, written, exits, stops: () => stops, remove };
}

describe("handleInterrupts", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("on %s: stops the run, restores a terminal, says how to continue and exits %i", (signal, code) => {
    const { signals, written, exits, stops } = setUp(true);
    signals.emit(signal);
    expect(stops()).toBe(1);
    expect(written).toEqual([
      TERMINAL_RESTORE,
      `\ninterrupted (${signal}): continue it with envrigger curriculum --resume runs/x\n`,
    ]);
    expect(exits).toEqual([code]);
  });

  it("writes no escapes when stderr is not a terminal, and acts once on repeated signals", () => {
    const { signals, written, exits, stops } = setUp(false);
    signals.emit("SIGINT");
    signals.emit("SIGINT");
    signals.emit("SIGTERM");
    expect(written.join("")).not.toContain("\u001b");
    expect(exits).toEqual([130]);
    expect(stops()).toBe(1);
  });

  it("once removed, leaves the signals alone", () => {
    const { signals, exits, remove } = setUp(true);
    remove();
    expect(signals.listenerCount("SIGINT") + signals.listenerCount("SIGTERM")).toBe(0);
    signals.emit("SIGTERM");
    expect(exits).toEqual([]);
  });
});
