import { PAGE_REGISTRY_SOURCE } from "./dom-view-script.js";

/**
 * The page-side half of settling, as JavaScript source (a string, like the DOM view). It
 * resolves once the browser has run one rendering update of its own and everything the page
 * can show has arrived:
 *
 * - one rendering update: the page's timers and animation frames are on the paused simulated
 *   clock, but the browser's rendering still runs in real time — the hover state after the
 *   content under the mouse changed, scroll and resize events. A `ResizeObserver`'s first
 *   report comes in a rendering update, after style and layout, so when it arrives the work
 *   the last action set off there is done;
 * - every `<img>` loaded or failed, and every image the page's style sheets name — those of
 *   rules that do not apply yet too (a `:hover` icon): fetched before the mouse gets there, a
 *   swapped icon has its size at once instead of when its file happens to arrive (which
 *   would move what a click lands on) — plus the CSS images the DOM view found in computed
 *   styles (`window.__envrigger.images`, one probe `Image` per URL);
 * - `document.fonts.ready`.
 *
 * It answers `true` when the DOM changed meanwhile (a mutation seen by a `MutationObserver`)
 * or something had to be waited for: the caller reads the page and settles again until a
 * round answers `false`. It has no deadline of its own (the page's `setTimeout` is the
 * simulated clock's); the caller races it against a real-time one.
 */
export const SETTLE_PAGE_SCRIPT = String.raw`(async () => {
  const registry = ${PAGE_REGISTRY_SOURCE};
  let changed = false;
  const mutations = new MutationObserver(() => { changed = true; });
  mutations.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  await new Promise((resolve) => {
    const frame = new ResizeObserver(() => { frame.disconnect(); resolve(); });
    frame.observe(document.documentElement);
  });
  const probe = (url) => {
    if (registry.images.has(url)) return;
    const image = new Image();
    image.src = url;
    registry.images.set(url, image);
  };
  const visit = (rules, base) => {
    for (const rule of rules) {
      if (rule.cssRules) visit(rule.cssRules, base);
      const text = rule.style ? rule.style.cssText : "";
      for (const match of text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
        if (!match[1].startsWith("data:")) probe(new URL(match[1], base).href);
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    let rules = null;
    try { rules = sheet.cssRules; } catch (error) { rules = null; }
    if (rules) visit(rules, sheet.href || document.baseURI);
  }
  const arrived = (image) => image.complete ? null : new Promise((resolve) => {
    image.addEventListener("load", resolve, { once: true });
    image.addEventListener("error", resolve, { once: true });
  });
  const loads = [...Array.from(document.images), ...Array.from(registry.images.values())]
    .map(arrived)
    .filter((load) => load !== null);
  if (document.fonts.status !== "loaded") loads.push(document.fonts.ready);
  await Promise.all(loads);
  changed = changed || mutations.takeRecords().length > 0;
  mutations.disconnect();
  return changed || loads.length > 0;
})()`;
