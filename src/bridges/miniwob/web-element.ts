import { z } from "zod";

/**
 * One element of the DOM view, as the page reports it (see `dom-view-script.ts`):
 * `ref` — the number tools take; `kind` — `text`, `button`, `link`, `input`, `textarea`,
 * `select`, `checkbox`, `radio`, `shape`, `box` (an empty leaf: icon, swatch, cell, image) or `scrollable`; `name` — its text or label;
 * `value` — an input's value, a select's chosen option, a shape's fill, a box's colour; `type` — an input's
 * type; `label` — a field's label; `checked`, `options`, `focused`, `disabled`, `scrollable`.
 */
export const webElementSchema = z.object({
  ref: z.number().int().positive(),
  kind: z.enum([
    "text",
    "button",
    "link",
    "input",
    "textarea",
    "select",
    "checkbox",
    "radio",
    "shape",
    "box",
    "scrollable",
  ]),
  name: z.string().optional(),
  value: z.string().optional(),
  type: z.string().optional(),
  label: z.string().optional(),
  checked: z.boolean().optional(),
  options: z.array(z.string()).optional(),
  focused: z.boolean().optional(),
  disabled: z.boolean().optional(),
  scrollable: z.boolean().optional(),
});
export type WebElement = z.infer<typeof webElementSchema>;

/** What one evaluation of the DOM view script returns. */
export const domReadingSchema = z.object({
  utterance: z.string(),
  elements: z.array(webElementSchema),
  /** MiniWoB's `WOB_DONE_GLOBAL`; `null` when the page has no MiniWoB core. */
  done: z.boolean().nullable(),
  /** `WOB_RAW_REWARD_GLOBAL`: the reward without the time penalty. */
  rawReward: z.number().nullable(),
  /** `WOB_REWARD_REASON`, when the task gave one. */
  reason: z.string().nullable(),
  /** Images the page shows that have not finished loading (the reading waits for 0). */
  pendingImages: z.number().int().nonnegative(),
});
export type DomReading = z.infer<typeof domReadingSchema>;

/** Kinds a user can type into. */
export const TYPABLE_KINDS: ReadonlySet<WebElement["kind"]> = new Set(["input", "textarea"]);
