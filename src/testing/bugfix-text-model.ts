import { fixOpNames } from "../bridges/bugfix/index.js";
import { hashString } from "../core/seeding.js";
import type { ChatRequestBody, ScriptedServerReply } from "./openai-compatible-server.js";

/**
 * A deterministic stand-in for a model playing BugFix in text mode, for the local
 * OpenAI-compatible server's `respond`: read, test, edit with an op picked from the
 * request's sampling seed (so episodes differ, about one in five right), test, submit. Its
 * answer depends only on the request, so concurrent episodes get the same answers as
 * sequential ones.
 */
export function bugfixTextReply(body: ChatRequestBody): ScriptedServerReply {
  const turn = Math.max(0, body.messages.filter((message) => message.role === "user").length - 1);
  const op = fixOpNames[hashString(`op:${body.seed ?? 0}`) % fixOpNames.length]!;
  const script = [
    "<call> read </call>",
    "<call> test </call>",
    `<call> edit ${op} </call>`,
    "<call> test </call>",
    "<call> submit </call>",
  ];
  return { kind: "text", text: script[Math.min(turn, script.length - 1)]! };
}
