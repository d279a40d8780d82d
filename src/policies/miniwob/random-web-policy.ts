import type { Action } from "../../core/action.js";
import type { Policy } from "../../core/policy.js";
import { readWebView } from "./read-web-view.js";

/** Keys `random-web` presses. */
const KEYS = ["Enter", "Tab", "Backspace", "ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Space"];

/**
 * `random-web`: each turn a uniformly random tool among those that apply to the visible
 * page, then a uniformly random element it applies to — `click` any element, `type` a word
 * of the utterance into a text field, `select` a random option, `press` a common key,
 * `scroll` a scrollable element or the page. The floor every web agent should beat.
 */
export function createRandomWebPolicy(): Policy {
  return {
    name: "random-web",
    act(input): Action {
      const { utterance, elements } = readWebView(input.observation);
      const random = input.random;
      const fields = elements.filter((element) => element.kind === "input" || element.kind === "textarea");
      const selects = elements.filter((element) => element.kind === "select" && (element.options ?? []).length > 0);
      const scrollables = elements.filter((element) => element.scrollable);
      const words = utterance
        .split(/\s+/)
        .map((word) => word.replace(/^["'(]+|["'.,:;!?)]+$/g, ""))
        .filter((word) => word !== "");
      const choices: Array<() => Action> = [
        () => ({ name: "press", args: { key: random.pick(KEYS) } }),
        (): Action =>
          scrollables.length > 0 && random.int(2) === 0
            ? { name: "scroll", args: { ref: random.pick(scrollables).ref } }
            : { name: "scroll", args: {} },
      ];
      if (elements.length > 0) choices.push(() => ({ name: "click", args: { ref: random.pick(elements).ref } }));
      if (fields.length > 0)
        choices.push(() => ({
          name: "type",
          args: { ref: random.pick(fields).ref, text: words.length > 0 ? random.pick(words) : "a" },
        }));
      if (selects.length > 0) {
        choices.push(() => {
          const select = random.pick(selects);
          return { name: "select", args: { ref: select.ref, option: random.pick(select.options ?? []) } };
        });
      }
      return random.pick(choices)();
    },
  };
}
