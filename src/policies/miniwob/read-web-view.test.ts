import { describe, expect, it } from "vitest";
import { type WebElement, renderDomView } from "../../bridges/miniwob/index.js";
import { readWebView } from "./read-web-view.js";

const elements: WebElement[] = [
  { ref: 1, kind: "text", name: 'Say "hi" | there' },
  { ref: 2, kind: "input", type: "text", value: "", label: "First name", focused: true },
  { ref: 3, kind: "textarea", value: "line one" },
  { ref: 4, kind: "select", value: "Blue", options: ["Red", "Blue"], label: "Colour" },
  { ref: 5, kind: "checkbox", name: "Red", checked: true },
  { ref: 6, kind: "radio", name: "Small", checked: false },
  { ref: 7, kind: "shape", name: "circle", value: "red" },
  { ref: 8, kind: "box", name: "star", value: "rgb(1, 2, 3)" },
  { ref: 9, kind: "scrollable", scrollable: true },
  { ref: 10, kind: "button", name: "Submit", disabled: true },
  { ref: 11, kind: "link", name: "More", scrollable: true },
];

describe("the DOM text view", () => {
  it("renders one line per element and reads back to the same elements", () => {
    const text = renderDomView({ utterance: 'Enter "Ann" and submit.', elements, error: "no element [99]" });
    expect(text.split("\n").slice(0, 5)).toEqual([
      "Error: no element [99]",
      'Task: Enter "Ann" and submit.',
      '[1] text "Say \\"hi\\" | there"',
      '[2] input text "" label="First name" focused',
      '[3] textarea "line one"',
    ]);
    expect(text).toContain('[4] select "Blue" options="Red|Blue" label="Colour"');
    expect(text).toContain('[8] box "star" color="rgb(1, 2, 3)"');
    expect(readWebView({ text })).toEqual({ utterance: 'Enter "Ann" and submit.', elements, error: "no element [99]" });
  });

  it("cuts a long view head + tail within the budget", () => {
    const many: WebElement[] = Array.from({ length: 500 }, (_, index) => ({
      ref: index + 1,
      kind: "text",
      name: `item number ${index}`,
    }));
    const text = renderDomView({ utterance: "Find the last item.", elements: many, episodeOver: true }, 2000);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text.startsWith("Task: Find the last item.\n[1] text")).toBe(true);
    expect(text.endsWith("[the page ended the episode]")).toBe(true);
    expect(text).toMatch(/characters of the page cut/);
  });
});
