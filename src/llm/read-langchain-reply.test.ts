import { AIMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { readLangChainReply } from "./read-langchain-reply.js";

describe("readLangChainReply", () => {
  it("reads text parts, calls, unparsable calls and usage of an AI message", () => {
    const message = new AIMessage({
      content: [
        { type: "text", text: "Reading " },
        { type: "image_url", image_url: "data:," },
        { type: "text", text: "first." },
      ],
      tool_calls: [{ id: "c1", name: "Read", args: { file_path: "src/a.js" }, type: "tool_call" }],
      invalid_tool_calls: [
        {
          id: "c2",
          name: "Edit",
          args: '{"file_path": ',
          error: "Unexpected end of JSON input",
          type: "invalid_tool_call",
        },
      ],
    });
    message.usage_metadata = { input_tokens: 30, output_tokens: 7, total_tokens: 37 };
    expect(readLangChainReply(message)).toEqual({
      text: "Reading first.",
      toolCalls: [{ id: "c1", name: "Read", args: { file_path: "src/a.js" } }],
      invalidToolCalls: [
        {
          name: "Edit",
          argumentsText: '{"file_path": ',
          problem: "the arguments of `Edit` are not valid JSON (Unexpected end of JSON input)",
        },
      ],
      usage: { inputTokens: 30, outputTokens: 7, calls: 1 },
    });
  });

  it("treats arguments that are not a JSON object as an invalid call, and an odd value as an empty reply", () => {
    const reply = readLangChainReply({ content: "", tool_calls: [{ id: "c1", name: "inc", args: [1, 2] }] });
    expect(reply.toolCalls).toEqual([]);
    expect(reply.invalidToolCalls).toEqual([
      {
        name: "inc",
        argumentsText: "[1,2]",
        problem: expect.stringMatching(/^the arguments of `inc` are not a JSON object/),
      },
    ]);
    expect(readLangChainReply(null)).toEqual({
      text: "",
      toolCalls: [],
      invalidToolCalls: [],
      usage: { inputTokens: 0, outputTokens: 0, calls: 1 },
    });
  });
});
