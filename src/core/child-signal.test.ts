import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { childSignal } from "./child-signal.js";

describe("childSignal", () => {
  it("is aborted with its parent's reason, and leaves no listener on the parent once released", () => {
    const parent = new AbortController();
    const children = Array.from({ length: 20 }, () => childSignal(parent.signal));
    expect(getEventListeners(parent.signal, "abort")).toHaveLength(20);
    for (const child of children.slice(0, 19)) child.release();
    expect(getEventListeners(parent.signal, "abort")).toHaveLength(1);
    parent.abort(new Error("stop"));
    expect(children[19]!.signal!.aborted).toBe(true);
    expect((children[19]!.signal!.reason as Error).message).toBe("stop");
    expect(children[0]!.signal!.aborted).toBe(false);
  });

  it("starts aborted under an aborted parent, and is absent without one", () => {
    const parent = new AbortController();
    parent.abort("gone");
    expect(childSignal(parent.signal).signal!.reason).toBe("gone");
    expect(childSignal(undefined).signal).toBeUndefined();
  });
});
