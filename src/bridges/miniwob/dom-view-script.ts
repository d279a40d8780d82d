/**
 * The page-side registry both page scripts share, created on first use: refs (`next`,
 * `byRef`, `refOf`) and one probe `Image` per CSS image URL (`images`, by absolute URL), whose
 * `complete` says whether that image has arrived.
 */
export const PAGE_REGISTRY_SOURCE =
  "(window.__envrigger || (window.__envrigger = { next: 1, byRef: new Map(), refOf: new WeakMap(), images: new Map() }))";

/**
 * The page-side half of the DOM view, as JavaScript source (a string, so no compiler helper
 * can leak into the page). Evaluated in the task page it returns every visible element worth
 * showing, in document order, each with a ref that stays the element's for the whole page
 * life: refs live in a `Map` on `window.__envrigger` (the DOM itself is never touched) and
 * are given to every rendered element in document order, shown or not, so the same actions
 * on the same seeded page give the same refs whatever the timing of image loads.
 *
 * Shown: form controls (inputs with their value and label, checkboxes and radios with their
 * state, selects with their options, textareas), buttons and links (with their text; their
 * children are folded in), SVG shapes, empty leaves — icons, swatches, cells, images — as
 * `box` (named by alt text, title, classes or id, with their colour), and any other
 * element's own text. Skipped: MiniWoB's
 * chrome (`#query` — the utterance is shown apart —, `#reward-display`, `#sync-task-cover`,
 * `#click-canvas`), `display: none` subtrees, invisible or zero-size elements, and what an
 * `overflow` ancestor scrolls or clips out of sight (so `scroll` reveals more).
 */
export const DOM_VIEW_SCRIPT = String.raw`(() => {
  const SKIPPED_IDS = new Set(["reward-display", "sync-task-cover", "click-canvas", "query"]);
  const SKIPPED_TAGS = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "BR", "OPTION", "OPTGROUP"]);
  const AREA_IDS = new Set(["area", "wrap"]);
  const SHAPE_TAGS = new Set(["circle", "rect", "ellipse", "polygon", "path", "line", "polyline"]);
  const registry = ${PAGE_REGISTRY_SOURCE};
  const clean = (text) => String(text == null ? "" : text).replace(/\s+/g, " ").trim();
  const cut = (text, size) => (text.length > size ? text.slice(0, size - 1) + "…" : text);
  const refOf = (element) => {
    let ref = registry.refOf.get(element);
    if (ref === undefined) {
      ref = registry.next++;
      registry.refOf.set(element, ref);
      registry.byRef.set(ref, element);
    }
    return ref;
  };
  const ownText = (element) => {
    const parts = [];
    element.childNodes.forEach((child) => {
      if (child.nodeType === 3) {
        const text = clean(child.data);
        if (text) parts.push(text);
      }
    });
    return parts.join(" ");
  };
  const labelOf = (element) => {
    const aria = clean(element.getAttribute("aria-label"));
    if (aria) return aria;
    if (element.labels && element.labels.length > 0) {
      const text = clean(Array.from(element.labels).map((label) => label.textContent).join(" "));
      if (text) return text;
    }
    const placeholder = clean(element.getAttribute("placeholder"));
    if (placeholder) return placeholder;
    // The nearest text before the control within the task area: a sibling text node or
    // element, else one of its parent's (never MiniWoB's own chrome, such as the utterance).
    for (let node = element, depth = 0; node && depth < 3 && node !== document.body && !AREA_IDS.has(node.id); node = node.parentNode, depth++) {
      for (let previous = node.previousSibling; previous; previous = previous.previousSibling) {
        if (previous.nodeType === 1 && (SKIPPED_IDS.has(previous.id) || AREA_IDS.has(previous.id))) return "";
        if (previous.nodeType === 1 && ["INPUT", "TEXTAREA", "SELECT", "BUTTON"].includes(previous.tagName)) return "";
        const text = clean(previous.textContent);
        if (text) return text.length <= 60 ? text : "";
      }
    }
    return "";
  };
  const describe = (element) => {
    const tag = element.tagName.toLowerCase();
    if (tag === "input") {
      const type = (element.getAttribute("type") || "text").toLowerCase();
      if (type === "hidden") return null;
      if (type === "checkbox" || type === "radio") return { kind: type, name: cut(labelOf(element), 80), checked: element.checked };
      if (type === "button" || type === "submit" || type === "reset") return { kind: "button", name: cut(clean(element.value), 80) };
      return { kind: "input", type, value: cut(String(element.value), 200), label: cut(labelOf(element), 80) };
    }
    if (tag === "textarea") return { kind: "textarea", value: cut(String(element.value), 400), label: cut(labelOf(element), 80) };
    if (tag === "select") {
      const options = Array.from(element.options).map((option) => cut(clean(option.textContent), 60));
      const chosen = element.selectedIndex >= 0 ? options[element.selectedIndex] : "";
      return { kind: "select", value: chosen, options, label: cut(labelOf(element), 80) };
    }
    if (tag === "button") return { kind: "button", name: cut(clean(element.textContent), 80) };
    if (tag === "a") return { kind: "link", name: cut(clean(element.textContent), 80) };
    if (element instanceof SVGElement && SHAPE_TAGS.has(tag)) {
      const fill = clean(element.getAttribute("fill") || getComputedStyle(element).fill);
      return { kind: "shape", name: tag, value: fill };
    }
    if (element instanceof SVGElement && tag === "text") return { kind: "text", name: cut(clean(element.textContent), 120) };
    const text = ownText(element);
    if (text) return { kind: "text", name: cut(text, 120) };
    // A leaf with nothing to read (an icon, a swatch, a cell, an image) is shown as a box,
    // named by its alt text, title, classes or id, with its colour when it is painted.
    if (element.children.length === 0 && !(element instanceof SVGElement) && tag !== "hr") {
      const source = tag === "img" ? clean(element.getAttribute("alt")) || clean(element.getAttribute("src")).split("/").pop() : "";
      const name = cut(source || clean(element.getAttribute("title")) || clean(typeof element.className === "string" ? element.className : "") || clean(element.id), 60);
      const background = getComputedStyle(element).backgroundColor;
      const painted = background && background !== "transparent" && !/^rgba\([^)]*,\s*0\)$/.test(background);
      const box = { kind: "box", name };
      if (painted) box.value = background;
      return box;
    }
    return null;
  };
  const FOLDED = new Set(["button", "link", "select", "textarea"]);
  const elements = [];
  let pending = 0;
  const walk = (element, clip) => {
    if (SKIPPED_TAGS.has(element.tagName) || SKIPPED_IDS.has(element.id)) return;
    const style = getComputedStyle(element);
    if (style.display === "none") return;
    // Images that have not arrived yet (an <img>, a CSS content/background url) are counted.
    if (element.tagName === "IMG" && !element.complete) pending += 1;
    for (const value of [style.content, style.backgroundImage]) {
      const url = /url\(["']?([^"')]+)["']?\)/.exec(value || "");
      if (!url) continue;
      let probe = registry.images.get(url[1]);
      if (!probe) {
        probe = new Image();
        probe.src = url[1];
        registry.images.set(url[1], probe);
      }
      if (!probe.complete) pending += 1;
    }
    // Every rendered element gets its ref now, visible or not yet (an image still loading),
    // so numbering follows the document, never the timing of a load.
    const ref = refOf(element);
    const rect = element.getBoundingClientRect();
    const left = Math.max(rect.left, clip.left), top = Math.max(rect.top, clip.top);
    const right = Math.min(rect.right, clip.right), bottom = Math.min(rect.bottom, clip.bottom);
    const inSight = rect.width > 0 && rect.height > 0 && right - left >= 1 && bottom - top >= 1;
    // Visually hidden the accessible way (clipped to nothing, one pixel) counts as hidden.
    const clipped = style.clip === "rect(0px, 0px, 0px, 0px)" || (rect.width <= 1 && rect.height <= 1);
    const shown = inSight && !clipped && style.visibility !== "hidden" && Number(style.opacity) > 0;
    const described = shown ? describe(element) : null;
    if (described) {
      const entry = Object.assign({ ref }, described);
      if (element === document.activeElement) entry.focused = true;
      if (element.disabled === true) entry.disabled = true;
      elements.push(entry);
      if (FOLDED.has(described.kind)) return;
    }
    let inner = clip;
    const scrolls = /(auto|scroll)/.test(style.overflowY + " " + style.overflowX) && (element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1);
    if (scrolls && shown) {
      if (described) elements[elements.length - 1].scrollable = true;
      else elements.push({ ref, kind: "scrollable", scrollable: true });
    }
    if (style.overflow !== "visible" && element !== document.body && element !== document.documentElement) {
      inner = { left: Math.max(clip.left, rect.left), top: Math.max(clip.top, rect.top), right: Math.min(clip.right, rect.right), bottom: Math.min(clip.bottom, rect.bottom) };
    }
    for (const child of element.children) walk(child, inner);
  };
  walk(document.body, { left: -1e6, top: -1e6, right: 1e6, bottom: 1e6 });
  const query = document.getElementById("query");
  const utterance = query ? clean(query.textContent) : "";
  const done = typeof WOB_DONE_GLOBAL === "undefined" ? null : WOB_DONE_GLOBAL === true;
  const rawReward = typeof WOB_RAW_REWARD_GLOBAL === "undefined" ? null : Number(WOB_RAW_REWARD_GLOBAL);
  const reason = typeof WOB_REWARD_REASON === "undefined" || WOB_REWARD_REASON === null ? null : String(WOB_REWARD_REASON);
  return { utterance, elements, done, rawReward, reason, pendingImages: pending };
})()`;

/**
 * Start a seeded episode in a loaded task page: the page's episode timer is set to
 * `maxTimeMs` of simulated time, `Math.random` is seeded (`Math.seedrandom(seed)`, the
 * generator MiniWoB bundles) and `core.startEpisodeReal()` builds the problem. Returns an
 * error message when the page is not a MiniWoB task.
 */
export function startEpisodeScript(seed: number, maxTimeMs: number): string {
  return `(() => {
    if (typeof core === "undefined" || typeof core.startEpisodeReal !== "function" || typeof Math.seedrandom !== "function") return "the page has no MiniWoB core";
    core.EPISODE_MAX_TIME = ${JSON.stringify(maxTimeMs)};
    Math.seedrandom(${JSON.stringify(seed)});
    try { core.startEpisodeReal(); } catch (error) { return "the task did not start: " + (error && error.message ? error.message : String(error)); }
    return null;
  })()`;
}

/** The page-side lookup of a ref: the element, or `null` when the ref is unknown or the element left the document. */
export function elementOfRefScript(ref: number): string {
  return `(() => {
    const registry = window.__envrigger;
    const element = registry ? registry.byRef.get(${JSON.stringify(ref)}) : undefined;
    return element && element.isConnected ? element : null;
  })()`;
}
