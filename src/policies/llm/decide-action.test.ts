import { describe, expect, it } from "vitest";
import { TestEnv } from "../../testing/test-env.js";
import { decideAction } from "./decide-action.js";
import type { ChatReply } from "../../llm/chat-model.js";

const usage = { inputTokens: 1, outputTokens: 1, calls: 1 };
const reply = (fields: Partial<ChatReply>): ChatReply => ({
  text: "",
  toolCalls: [],
  invalidToolCalls: [],
  usage,
  ...fields,
});
const tools = await new TestEnv().tools();
const context = { mode: "tools" as const, tools, fallbackCallId: "call_3" };

describe("decideAction", () => {
  it("executes the first call of a known tool, counts the others and fills in a missing call id", () => {
    const decision = decideAction(
      reply({
        text: "Let me count.",
        toolCalls: [
          { id: "", name: "fly", args: {} },
          { id: "", name: "inc", args: {} },
          { id: "x", name: "dec", args: {} },
        ],
        invalidToolCalls: [{ name: "peek", argumentsText: "{", problem: "bad" }],
      }),
      context,
    );
    expect(decision).toEqual({
      action: { name: "inc", args: {} },
      turn: { kind: "call", call: { id: "call_3", name: "inc", args: {} } },
      outcome: "call",
      extraToolCalls: 3,
    });
  });

  it("prefers a call of an unknown tool over malformed arguments, and names the tools in the note", () => {
    const decision = decideAction(
      reply({
        toolCalls: [{ id: "a", name: "fly", args: { to: "moon" } }],
        invalidToolCalls: [{ name: "inc", argumentsText: "{", problem: "bad" }],
      }),
      context,
    );
    expect(decision.action).toEqual({ name: "fly", args: { to: "moon" } });
    expect(decision.outcome).toBe("unknown-tool");
    expect(decision.extraToolCalls).toBe(1);
    expect(decision.turn).toMatchObject({
      kind: "refused",
      description: '(a call of the unknown tool `fly` with {"to":"moon"})',
    });
  });

  it("sends malformed arguments as a text no grammar accepts, keeping what the model wrote", () => {
    const decision = decideAction(
      reply({
        invalidToolCalls: [{ name: "", argumentsText: "inc", problem: "Gemini could not produce the function call" }],
      }),
      context,
    );
    expect(decision.action).toBe("malformed tool call (unnamed): inc");
    expect(new TestEnv().parseText(decision.action as string)).toBeNull();
    expect(decision.outcome).toBe("invalid-arguments");
  });

  it("passes a tools-mode text answer through as raw text, and an empty one as an empty answer", () => {
    expect(decideAction(reply({ text: '{"name": "inc"}' }), context)).toMatchObject({
      action: '{"name": "inc"}',
      outcome: "text",
    });
    expect(decideAction(reply({ text: "  \n" }), context)).toMatchObject({ action: "", outcome: "empty" });
  });

  it("in text mode returns the raw text and ignores tool calls", () => {
    const textContext = { ...context, mode: "text" as const };
    expect(
      decideAction(
        reply({ text: " <call> read </call>\n", toolCalls: [{ id: "a", name: "inc", args: {} }] }),
        textContext,
      ),
    ).toMatchObject({
      action: " <call> read </call>\n",
      outcome: "text",
      extraToolCalls: 0,
    });
    expect(decideAction(reply({ toolCalls: [{ id: "a", name: "inc", args: {} }] }), textContext)).toMatchObject({
      action: "",
      outcome: "empty",
      turn: { note: "Your previous answer was empty. Answer with exactly one call." },
    });
  });
});
