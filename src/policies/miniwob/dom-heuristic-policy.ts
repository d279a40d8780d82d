import type { Action } from "../../core/action.js";
import type { Policy } from "../../core/policy.js";
import type { WebElement } from "../../bridges/miniwob/index.js";
import { readWebView } from "./read-web-view.js";
import { readUtterance, wordsBefore, wordsOf, type UtteranceReading } from "./read-utterance.js";

/** Names of buttons that finish a form. */
const SUBMIT_WORDS = new Set([
  "submit",
  "ok",
  "okay",
  "search",
  "login",
  "log",
  "send",
  "done",
  "go",
  "save",
  "confirm",
  "buy",
  "book",
]);

const isField = (element: WebElement) => element.kind === "input" || element.kind === "textarea";
const isSubmit = (element: WebElement) =>
  (element.kind === "button" || element.kind === "link") &&
  wordsOf(element.name ?? "").some((word) => SUBMIT_WORDS.has(word));
const nameOf = (element: WebElement) => (element.name ?? "").trim();

/** How well an element's text matches the utterance: a quoted string exactly, else a phrase of it, else shared content words. */
function matchScore(element: WebElement, reading: UtteranceReading): number {
  const name = nameOf(element).toLowerCase();
  if (name === "") return 0;
  if (reading.quoted.some((quoted) => quoted.toLowerCase() === name)) return 100;
  if (isSubmit(element)) return 0;
  const words = wordsOf(name);
  if (
    words.length > 0 &&
    words.length <= 6 &&
    new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(name)}($|[^\\p{L}\\p{N}])`, "u").test(reading.lower)
  )
    return 10 + words.length;
  const shared = words.filter((word) => reading.goalWords.has(word)).length;
  return shared === 0 ? 0 : shared / Math.max(1, words.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function best<T>(items: readonly T[], score: (item: T) => number): T | null {
  let chosen: T | null = null;
  let top = 0;
  for (const item of items) {
    const value = score(item);
    if (value > top) {
      top = value;
      chosen = item;
    }
  }
  return chosen;
}

/**
 * `dom-heuristic`: a generic web agent that reads only the observation (the utterance and
 * the element lines). Each turn, in order: type the next quoted value (or written-out date
 * or time; a quoted string that names an element on the page is a target instead) into the
 * empty field whose label best matches the words before it in the utterance — the last
 * value again into the fields left empty when it says "both", "all" or "each"; choose the option of a select that the utterance names; tick the checkboxes
 * and radios the utterance names; click the element whose text best matches a quoted
 * string or the utterance's words; then click the submit-like button (the one the
 * utterance names first); then press Enter; then click elements it has not tried, in page
 * order. It never repeats a typed value or a click on the same ref, and it never reads the
 * task id — strong on forms and named targets, weak where a task needs reasoning.
 */
export function createDomHeuristicPolicy(): Policy {
  const typed = new Set<string>();
  const filled = new Set<number>();
  const clicked = new Set<number>();
  const chosen = new Set<number>();
  let pressedEnter = false;
  return {
    name: "dom-heuristic",
    act(input): Action {
      const view = readWebView(input.observation);
      const reading = readUtterance(view.utterance);
      const click = (element: WebElement): Action => {
        clicked.add(element.ref);
        return { name: "click", args: { ref: element.ref } };
      };

      // 1. Values into fields: a quoted string that names an element on the page is a target, not a value.
      const fields = view.elements.filter(
        (element) => isField(element) && !filled.has(element.ref) && (element.value ?? "") === "" && !element.disabled,
      );
      const names = new Set(
        view.elements.filter((element) => !isField(element)).map((element) => nameOf(element).toLowerCase()),
      );
      const values = reading.values.filter((candidate) => !names.has(candidate.toLowerCase()));
      const value = values.find((candidate) => !typed.has(candidate));
      // "… into both fields" / "all fields": the last value goes into every field left empty.
      const repeat =
        value === undefined && values.length > 0 && /\b(both|all|each)\b/.test(reading.lower)
          ? values.at(-1)
          : undefined;
      if (repeat !== undefined && fields.length > 0) {
        filled.add((fields[0] as WebElement).ref);
        return { name: "type", args: { ref: (fields[0] as WebElement).ref, text: repeat } };
      }
      if (value !== undefined && fields.length > 0) {
        const context = new Set(wordsBefore(view.utterance, value));
        const field =
          best(fields, (candidate) => 1 + wordsOf(candidate.label ?? "").filter((word) => context.has(word)).length) ??
          (fields[0] as WebElement);
        typed.add(value);
        filled.add(field.ref);
        return { name: "type", args: { ref: field.ref, text: value } };
      }

      // 2. Selects whose option the utterance names.
      for (const select of view.elements.filter((element) => element.kind === "select" && !chosen.has(element.ref))) {
        const option = best(select.options ?? [], (candidate) =>
          matchScore({ ref: 1, kind: "text", name: candidate }, reading),
        );
        if (option !== null) {
          chosen.add(select.ref);
          return { name: "select", args: { ref: select.ref, option } };
        }
      }

      // 3. Named checkboxes and radios, once each.
      const toggle = view.elements.find(
        (element) =>
          (element.kind === "checkbox" || element.kind === "radio") &&
          !element.checked &&
          !clicked.has(element.ref) &&
          matchScore(element, reading) >= 10,
      );
      if (toggle) return click(toggle);

      // 4. The element that best matches what the utterance names.
      const targets = view.elements.filter(
        (element) =>
          !clicked.has(element.ref) && !isField(element) && element.kind !== "select" && element.kind !== "scrollable",
      );
      const target = best(targets, (element) => matchScore(element, reading));
      if (target && matchScore(target, reading) >= 0.5) return click(target);

      // 5. Submit, preferring the button the utterance names.
      const submits = view.elements.filter(
        (element) => isSubmit(element) && !element.disabled && !clicked.has(element.ref),
      );
      const submit =
        submits.find((element) =>
          wordsOf(nameOf(element)).some((word) => reading.goalWords.has(word) || reading.lower.includes(` ${word}`)),
        ) ?? submits[0];
      if (submit) return click(submit);

      // 6. Enter, once; then explore what it has not clicked.
      if (!pressedEnter) {
        pressedEnter = true;
        return { name: "press", args: { key: "Enter" } };
      }
      const untried = targets.find((element) => element.kind !== "text" || nameOf(element).length <= 40);
      if (untried) return click(untried);
      return { name: "scroll", args: {} };
    },
  };
}
