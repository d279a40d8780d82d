import type { ElementHandle, Page } from "playwright-core";
import type { Action } from "../../core/action.js";
import { errorMessage } from "../../core/errors.js";
import type { Json } from "../../core/json.js";
import { elementOfRefScript } from "./dom-view-script.js";
import { MAX_TYPED_LENGTH } from "./miniwob-tools.js";
import { PageDeadline } from "./page-deadline.js";
import { isPlaywrightTimeout } from "./page-not-settled.js";
import { TYPABLE_KINDS, type WebElement } from "./web-element.js";

/** Input types Playwright must `fill` (their text cannot be typed key by key). */
const FILLED_TYPES = new Set(["date", "time", "datetime-local", "month", "week", "color", "range"]);

/** The few DOM members the page-side callbacks touch (the project compiles without the DOM library). */
interface PageNode {
  readOnly?: boolean;
  disabled?: boolean;
  select?: () => void;
  scrollHeight: number;
  clientHeight: number;
  scrollBy(x: number, y: number): void;
  scrollIntoView(options: { block: string }): void;
}
interface PageWindow {
  innerHeight: number;
  scrollBy(x: number, y: number): void;
}

const firstLine = (error: unknown) => errorMessage(error).split("\n")[0] ?? "unknown error";

function readRef(args: Record<string, Json>, elements: readonly WebElement[]): WebElement | string {
  const ref = args.ref;
  if (typeof ref !== "number" || !Number.isInteger(ref))
    return `ref must be an element number from the observation, got ${JSON.stringify(ref ?? null)}`;
  const element = elements.find((candidate) => candidate.ref === ref);
  return element ?? `no element [${ref}] in the current view; use a number shown in brackets in the latest observation`;
}

async function handleOf(page: Page, element: WebElement): Promise<ElementHandle | string> {
  const handle = (await page.evaluateHandle(elementOfRefScript(element.ref))).asElement();
  return handle ?? `element [${element.ref}] is no longer on the page`;
}

/**
 * Carry out one tool call on the page. Returns `null` when it was done, or a message saying
 * why it could not be (an unknown tool or ref, wrong arguments, an element of the wrong kind,
 * an option that does not exist, a browser refusal): such a call is an `isError` result,
 * never an exception. Only refs of `elements` (the view the agent last saw) are accepted.
 *
 * A browser refusal comes at once (an element outside the viewport, a field that cannot be
 * filled); an action still unfinished at the `deadline` — every wait of it, the keyboard's
 * too — was slowed by the machine's load, not refused by the page: it throws
 * `PAGE_NOT_SETTLED` instead of becoming a refusal the agent sees (the same seed would give
 * another trajectory).
 */
export function performWebAction(
  page: Page,
  action: Action,
  elements: readonly WebElement[],
  deadline: PageDeadline = new PageDeadline(),
): Promise<string | null> {
  return deadline.within(act(page, action, elements, deadline.remainingMs()), `complete ${action.name}`);
}

/** {@link performWebAction} without its deadline; Playwright's own waits get `timeout` ms. */
async function act(
  page: Page,
  action: Action,
  elements: readonly WebElement[],
  timeout: number,
): Promise<string | null> {
  const args = action.args;
  try {
    switch (action.name) {
      case "click": {
        const element = readRef(args, elements);
        if (typeof element === "string") return element;
        const handle = await handleOf(page, element);
        if (typeof handle === "string") return handle;
        // force: click where the element is, as a user would, even if something covers it.
        await handle.click({ force: true, timeout });
        return null;
      }
      case "type": {
        const element = readRef(args, elements);
        if (typeof element === "string") return element;
        if (typeof args.text !== "string") return "type needs text (a string)";
        if (args.text.length > MAX_TYPED_LENGTH) return `text is longer than ${MAX_TYPED_LENGTH} characters`;
        if (!TYPABLE_KINDS.has(element.kind)) return `element [${element.ref}] is a ${element.kind}, not a text field`;
        const handle = await handleOf(page, element);
        if (typeof handle === "string") return handle;
        const editable = await handle.evaluate(
          (node) => !(node as unknown as PageNode).readOnly && !(node as unknown as PageNode).disabled,
        );
        if (!editable) return `element [${element.ref}] is read-only`;
        if (element.type !== undefined && FILLED_TYPES.has(element.type)) {
          await handle.fill(args.text, { timeout });
          return null;
        }
        await handle.focus();
        await handle.evaluate((node) => (node as unknown as PageNode).select?.());
        if ((element.value ?? "") !== "") await page.keyboard.press("Delete");
        await page.keyboard.type(args.text);
        return null;
      }
      case "press": {
        if (typeof args.key !== "string" || args.key.length === 0 || args.key.length > 40)
          return "press needs key (a key name such as Enter)";
        await page.keyboard.press(args.key);
        return null;
      }
      case "select": {
        const element = readRef(args, elements);
        if (typeof element === "string") return element;
        if (element.kind !== "select") return `element [${element.ref}] is a ${element.kind}, not a select`;
        if (typeof args.option !== "string") return "select needs option (the option's text)";
        const options = element.options ?? [];
        const wanted = args.option.trim().toLowerCase();
        const index = options.findIndex((option) => option.trim().toLowerCase() === wanted);
        if (index < 0)
          return `select [${element.ref}] has no option ${JSON.stringify(args.option)}; options: ${options.join(" | ")}`;
        const handle = await handleOf(page, element);
        if (typeof handle === "string") return handle;
        await handle.selectOption({ index }, { timeout, force: true });
        return null;
      }
      case "scroll": {
        const direction = args.direction ?? "down";
        if (direction !== "down" && direction !== "up")
          return `direction must be "down" or "up", got ${JSON.stringify(direction)}`;
        const sign = direction === "down" ? 1 : -1;
        if (args.ref === undefined) {
          await page.evaluate((by) => {
            const view = globalThis as unknown as PageWindow;
            view.scrollBy(0, by * Math.round(view.innerHeight * 0.8));
          }, sign);
          return null;
        }
        const element = readRef(args, elements);
        if (typeof element === "string") return element;
        const handle = await handleOf(page, element);
        if (typeof handle === "string") return handle;
        await handle.evaluate((node, by) => {
          const target = node as unknown as PageNode;
          if (target.scrollHeight > target.clientHeight + 1)
            target.scrollBy(0, by * Math.max(10, Math.round(target.clientHeight * 0.8)));
          else target.scrollIntoView({ block: "center" });
        }, sign);
        return null;
      }
      default:
        return `unknown tool ${JSON.stringify(action.name)}; the tools are click, type, press, select and scroll`;
    }
  } catch (error) {
    // Past its timeout the action was slowed, not refused: the deadline's error, not a refusal.
    if (isPlaywrightTimeout(error)) throw error;
    return `${action.name} failed: ${firstLine(error)}`;
  }
}
