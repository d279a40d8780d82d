import type { ToolSpec } from "../../core/tool-spec.js";

/** The longest text `type` accepts. */
export const MAX_TYPED_LENGTH = 500;

const ref = {
  type: "integer",
  minimum: 1,
  description: "the element's number, in brackets in the latest observation",
} as const;

/** The tools of the `miniwob` env, MCP-shaped (a fresh copy each call). */
export function miniwobTools(): ToolSpec[] {
  return [
    {
      name: "click",
      description: "Click an element of the page (a button, link, checkbox, radio, text, shape …) by its ref.",
      inputSchema: { type: "object", properties: { ref }, required: ["ref"], additionalProperties: false },
    },
    {
      name: "type",
      description: "Replace the content of a text field (input or textarea) with text, typed key by key.",
      inputSchema: {
        type: "object",
        properties: { ref, text: { type: "string", maxLength: MAX_TYPED_LENGTH, description: "what to type" } },
        required: ["ref", "text"],
        additionalProperties: false,
      },
    },
    {
      name: "press",
      description:
        "Press a key or chord on the focused element: Enter, Tab, Backspace, ArrowDown, Control+A, a letter …",
      inputSchema: {
        type: "object",
        properties: { key: { type: "string", minLength: 1, maxLength: 40, description: "a key name, e.g. Enter" } },
        required: ["key"],
        additionalProperties: false,
      },
    },
    {
      name: "select",
      description: "Choose an option of a select element, by the option's text.",
      inputSchema: {
        type: "object",
        properties: { ref, option: { type: "string", description: "the option's text as shown in options=…" } },
        required: ["ref", "option"],
        additionalProperties: false,
      },
    },
    {
      name: "scroll",
      description:
        "Scroll a scrollable element (or, without ref, the page) by most of its height; an element that does not scroll is scrolled into view.",
      inputSchema: {
        type: "object",
        properties: { ref, direction: { type: "string", enum: ["down", "up"], description: "default down" } },
        additionalProperties: false,
      },
    },
  ];
}
