import type { Observation } from "../../core/observation.js";
import { type WebElement, webElementSchema } from "../../bridges/miniwob/index.js";

/** A web page as a policy reads it from the observation text. */
export interface WebView {
  utterance: string;
  elements: WebElement[];
  /** The last action was refused (an `Error:` line). */
  error: string | null;
}

const LINE = /^\[(\d+)\] ([a-z]+)(.*)$/;
const TOKEN = /([a-z]+)=("(?:[^"\\]|\\.)*")|("(?:[^"\\]|\\.)*")|(\S+)/g;

function readQuoted(text: string): string {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "string" ? value : "";
  } catch {
    return "";
  }
}

/** One element line (`[12] button "Submit" focused`) back into an element; `null` when it is not one. */
function readLine(line: string): WebElement | null {
  const match = LINE.exec(line);
  if (!match) return null;
  const [, ref, kind, rest] = match as unknown as [string, string, string, string];
  const quoted: string[] = [];
  const keyed: Record<string, string> = {};
  const words: string[] = [];
  for (const token of rest.matchAll(TOKEN)) {
    if (token[1] !== undefined && token[2] !== undefined) keyed[token[1]] = readQuoted(token[2]);
    else if (token[3] !== undefined) quoted.push(readQuoted(token[3]));
    else if (token[4] !== undefined) words.push(token[4]);
  }
  const element: Record<string, unknown> = { ref: Number(ref), kind };
  switch (kind) {
    case "input":
      element.type = words[0] ?? "text";
      element.value = quoted[0] ?? "";
      break;
    case "textarea":
      element.value = quoted[0] ?? "";
      break;
    case "select":
      element.value = quoted[0] ?? "";
      element.options = (keyed.options ?? "").split("|").filter((option) => option !== "");
      break;
    case "checkbox":
    case "radio":
      element.name = quoted[0] ?? "";
      element.checked = words.includes("checked");
      break;
    case "shape":
      element.name = words[0] ?? "";
      element.value = keyed.fill ?? "";
      break;
    case "box":
      element.name = quoted[0] ?? "";
      if (keyed.color) element.value = keyed.color;
      break;
    case "scrollable":
      element.scrollable = true;
      break;
    default:
      element.name = quoted[0] ?? "";
  }
  if (keyed.label) element.label = keyed.label;
  if (words.includes("focused")) element.focused = true;
  if (words.includes("disabled")) element.disabled = true;
  if (words.includes("scrollable")) element.scrollable = true;
  const parsed = webElementSchema.safeParse(element);
  return parsed.success ? parsed.data : null;
}

/**
 * Read a web observation the way the agent sees it — from its text (the `Task:` line and
 * the element lines), so a harness that rewrites or hides part of the text changes what a
 * scripted policy knows exactly as it changes what a model reads.
 */
export function readWebView(observation: Observation): WebView {
  let utterance = "";
  let error: string | null = null;
  const elements: WebElement[] = [];
  for (const line of observation.text.split("\n")) {
    if (line.startsWith("Task: ")) utterance = line.slice("Task: ".length);
    else if (line.startsWith("Error: ")) error = line.slice("Error: ".length);
    else {
      const element = readLine(line);
      if (element) elements.push(element);
    }
  }
  return { utterance, elements, error };
}
