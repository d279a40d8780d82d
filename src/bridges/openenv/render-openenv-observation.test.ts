import { describe, expect, it } from "vitest";
import { renderOpenEnvObservation } from "./render-openenv-observation.js";

describe("renderOpenEnvObservation", () => {
  it("shows every field: a text (else message) field first, then the others as sorted JSON", () => {
    expect(renderOpenEnvObservation({ text: "board" })).toBe("board");
    expect(renderOpenEnvObservation({ text: "board", message: "hello" })).toBe('board\n{"message":"hello"}');
    expect(renderOpenEnvObservation({ message: "Keep going...", y: 0, x: 1 })).toBe('Keep going...\n{"x":1,"y":0}');
    expect(renderOpenEnvObservation({ message_length: 2, echoed_message: "hi" })).toBe(
      '{"echoed_message":"hi","message_length":2}',
    );
    expect(renderOpenEnvObservation({ text: 7 })).toBe('{"text":7}');
  });
});
