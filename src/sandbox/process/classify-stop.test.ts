import { describe, expect, it } from "vitest";
import { classifyStop, type RunObservation } from "./classify-stop.js";

const base: RunObservation = {
  killedFor: null,
  exitCode: 1,
  signal: null,
  outputTail: "",
  cpuMs: 10,
  cpuLimitMs: 2000,
};

describe("classifyStop", () => {
  it("trusts the caller's own kills first", () => {
    expect(classifyStop({ ...base, killedFor: "wall-timeout", signal: "SIGKILL" })).toBe("wall-timeout");
    expect(classifyStop({ ...base, killedFor: "output-limit", outputTail: "Error: spawn EAGAIN" })).toBe(
      "output-limit",
    );
  });

  it("reads SIGXCPU as the signal or as a shell's exit code, and a SIGKILL past the CPU limit", () => {
    expect(classifyStop({ ...base, exitCode: null, signal: "SIGXCPU" })).toBe("cpu-limit");
    expect(classifyStop({ ...base, exitCode: 152 })).toBe("cpu-limit");
    expect(classifyStop({ ...base, exitCode: 137, cpuMs: 2500 })).toBe("cpu-limit");
    expect(classifyStop({ ...base, exitCode: 137, cpuMs: 100 })).toBe("exited");
  });

  it("reads a runtime's last words for memory, on failed runs only", () => {
    const oom = "FATAL ERROR: JavaScript heap out of memory";
    expect(classifyStop({ ...base, exitCode: 134, outputTail: oom })).toBe("memory-limit");
    expect(classifyStop({ ...base, exitCode: 0, outputTail: oom })).toBe("exited");
    expect(classifyStop({ ...base, outputTail: "AssertionError: expected 1 to be 2" })).toBe("exited");
  });

  it("reads failed forks as the process limit in any run, even one the wall clock ended", () => {
    expect(classifyStop({ ...base, outputTail: "Error: spawn /usr/bin/node EAGAIN" })).toBe("process-limit");
    expect(classifyStop({ ...base, exitCode: 0, outputTail: "sh: 1: Cannot fork" })).toBe("process-limit");
    expect(classifyStop({ ...base, killedFor: "wall-timeout", outputTail: "uv_thread_create" })).toBe("process-limit");
    // A non-blocking stdout refusing a write is not a fork.
    expect(classifyStop({ ...base, outputTail: "Error: EAGAIN: resource temporarily unavailable, write" })).toBe(
      "exited",
    );
  });
});
