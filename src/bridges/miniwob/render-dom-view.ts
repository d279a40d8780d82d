import { cutHeadTail } from "../../core/cut-head-tail.js";
import type { WebElement } from "./web-element.js";

/** The default budget of the DOM view (characters). */
export const DOM_VIEW_DEFAULT_BUDGET = 6000;

const quote = (text: string) => JSON.stringify(text);

/**
 * One line of the text view: `[12] button "Submit"`, `[7] input text "" label="Name"`,
 * `[3] text "Blue"`, `[9] checkbox "Red" checked`, `[4] select "Blue" options="Red|Blue"`,
 * `[6] shape circle fill="red"`, `[8] box "star" color="rgb(255, 0, 0)"`, then flags (`focused`, `disabled`, `scrollable`).
 */
export function renderWebElement(element: WebElement): string {
  const parts = [`[${element.ref}]`];
  switch (element.kind) {
    case "input":
      parts.push("input", element.type ?? "text", quote(element.value ?? ""));
      if (element.label) parts.push(`label=${quote(element.label)}`);
      break;
    case "textarea":
      parts.push("textarea", quote(element.value ?? ""));
      if (element.label) parts.push(`label=${quote(element.label)}`);
      break;
    case "select":
      parts.push("select", quote(element.value ?? ""), `options=${quote((element.options ?? []).join("|"))}`);
      if (element.label) parts.push(`label=${quote(element.label)}`);
      break;
    case "checkbox":
    case "radio":
      parts.push(element.kind, quote(element.name ?? ""), element.checked ? "checked" : "unchecked");
      break;
    case "shape":
      parts.push("shape", element.name ?? "", `fill=${quote(element.value ?? "")}`);
      break;
    case "box":
      parts.push("box", quote(element.name ?? ""));
      if (element.value) parts.push(`color=${quote(element.value)}`);
      break;
    case "scrollable":
      parts.push("scrollable");
      break;
    default:
      parts.push(element.kind, quote(element.name ?? ""));
  }
  if (element.focused) parts.push("focused");
  if (element.disabled) parts.push("disabled");
  if (element.scrollable && element.kind !== "scrollable") parts.push("scrollable");
  return parts.join(" ");
}

/** What a text view is made of. */
export interface DomViewParts {
  utterance: string;
  elements: readonly WebElement[];
  /** A refused action's message, shown first. */
  error?: string | null;
  /** True once the page ended the episode. */
  episodeOver?: boolean;
}

/**
 * The observation text of a web page: an error line (when the last action was refused), the
 * task's utterance, one line per element, and a closing line once the episode is over; cut
 * to `budget` characters keeping head and tail around a visible marker.
 */
export function renderDomView(parts: DomViewParts, budget: number = DOM_VIEW_DEFAULT_BUDGET): string {
  const lines: string[] = [];
  if (parts.error) lines.push(`Error: ${parts.error}`);
  lines.push(`Task: ${parts.utterance}`);
  for (const element of parts.elements) lines.push(renderWebElement(element));
  if (parts.episodeOver) lines.push("[the page ended the episode]");
  return cutHeadTail(lines.join("\n"), budget, {
    headShare: 0.7,
    marker: (cut) => `\n… [${cut} characters of the page cut] …\n`,
  });
}
