import { describe, expect, it } from "vitest";
import { renderOpenEnvObservation } from "./render-openenv-observation.js";

describe("renderOpenEnvObservation", () => {
  it("uses a text field, else a message field, else sorted JSON", () => {
    expect(renderOpenEnvObservation({ text: "board", message: "hello" })).toBe("board");
    expect(renderOpenEnvObservation({ message: "count 0, target 3", count: 0 })).toBe("count 0, target 3");
    expect(renderOpenEnvObservation({ message_length: 2, echoed_message: "hi" })).toBe(
      '{"echoed_message":"hi","message_length":2}',
    );
    expect(renderOpenEnvObservation({ text: 7 })).toBe('{"text":7}');
  });
});
