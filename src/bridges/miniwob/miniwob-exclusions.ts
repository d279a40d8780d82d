import type { MiniwobCatalogFile } from "./miniwob-catalog-file.js";

type Exclusion = MiniwobCatalogFile["excluded"][number];

const drag = (id: string, what: string): Exclusion => ({
  id,
  category: "drag",
  reason: `${what}: needs a mouse drag (press, move, release), which the tools do not offer`,
});
const coordinates = (id: string, what: string): Exclusion => ({
  id,
  category: "coordinates",
  reason: `${what}: the answer is a point chosen by pixel position; click only hits an element's centre`,
});

/**
 * MiniWoB++ tasks the `miniwob` env does not list, by what they need that
 * click/type/press/select/scroll on element refs cannot do. Decided from each page's source;
 * the probe (`scripts/probe-miniwob-catalog.ts`) adds any task that fails to start.
 */
export const MINIWOB_EXCLUSIONS: readonly Exclusion[] = [
  drag("drag-box", "drag a box into another"),
  drag("drag-circle", "drag a circle"),
  drag("drag-cube", "rotate a cube by dragging its faces"),
  drag("drag-items", "reorder a list by dragging"),
  drag("drag-items-grid", "reorder a grid by dragging"),
  drag("drag-shapes", "drag shapes into a box"),
  drag("drag-shapes-2", "drag shapes into boxes"),
  drag("drag-single-shape", "drag a shape"),
  drag("drag-sort-numbers", "sort numbers by dragging"),
  drag("resize-textarea", "resize a textarea by its corner"),
  drag("daily-calendar", "create a calendar event by dragging over time slots"),
  coordinates("use-colorwheel", "pick a colour on a colour wheel"),
  coordinates("use-colorwheel-2", "pick a colour on a colour wheel"),
  coordinates("bisect-angle", "place a point that bisects an angle"),
  coordinates("circle-center", "click the centre of a circle"),
  coordinates("find-midpoint", "click the midpoint of two points"),
  coordinates("right-angle", "place a point that makes a right angle"),
  coordinates("draw-circle", "draw a circle"),
  coordinates("draw-line", "draw a line through a dot"),
  {
    id: "count-sides",
    category: "canvas",
    reason: "the shape whose sides are counted is drawn on a canvas only: nothing of it is in the DOM",
  },
  { id: "hover-shape", category: "pointer", reason: "keep the mouse over a square for a time: the tools do not hover" },
  {
    id: "chase-circle",
    category: "pointer",
    reason: "keep the mouse inside a moving circle: the tools do not move the mouse",
  },
  {
    id: "hot-cold",
    category: "pointer",
    reason: "find a hidden hot spot from feedback on mouse moves: the tools do not move the mouse",
  },
  {
    id: "button-delay",
    category: "timing",
    reason:
      "click, wait an exact number of seconds, click again: time passes only per action here (one simulated second each), there is no wait tool",
  },
  {
    id: "simon-says",
    category: "timing",
    reason: "watch buttons flash in sequence over time, then repeat it: the sequence plays while no action is taken",
  },
  {
    id: "moving-items",
    category: "timing",
    reason:
      "click as many moving circles as possible before the page's timer runs out: the timer is disabled here, so the episode never ends",
  },
  { id: "highlight-text", category: "selection", reason: "select a paragraph's text with the mouse" },
  { id: "highlight-text-2", category: "selection", reason: "select part of a paragraph's text with the mouse" },
  {
    id: "text-editor",
    category: "selection",
    reason: "select one word of a rich-text editor with the mouse to style it",
  },
];
