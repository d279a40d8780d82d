import { z } from "zod";
import { errorMessage } from "../core/errors.js";
import { parseJsonText } from "../core/validate.js";
import type { GeminiResponse } from "./gemini-client.js";
import type { StructuredReply } from "./chat-model.js";
import { geminiUsage } from "./provider-usage.js";

const EXCERPT = 300;

/**
 * Read the structured answer out of a Gemini response: its text parsed as JSON (a
 * surrounding Markdown code fence is tolerated). Empty text (e.g. a safety stop) or
 * unparsable JSON is a problem the model is told about; schema validation happens later.
 * Usage as {@link geminiUsage} reads it (cached prompt tokens included).
 */
export function readGeminiAnswer(response: GeminiResponse): StructuredReply {
  const usage = geminiUsage(response);
  const text = (response.text ?? "").trim();
  if (text.length === 0) {
    const reason = response.candidates?.[0]?.finishReason;
    return {
      candidate: {
        ok: false,
        problem: `empty output${reason ? ` (finish reason ${reason})` : ""}: expected a JSON object`,
      },
      usage,
    };
  }
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(text);
  const body = fenced ? (fenced[1] as string) : text;
  try {
    return {
      candidate: { ok: true, value: parseJsonText(z.unknown(), body, "the JSON answer", "DESIGNER_OUTPUT") },
      usage,
    };
  } catch (error) {
    const excerpt = body.length <= EXCERPT ? body : `${body.slice(0, EXCERPT)}…`;
    return { candidate: { ok: false, problem: `${errorMessage(error)}; got: ${excerpt}` }, usage };
  }
}
