/**
 * MiniWoB++ in Chromium: its env definition, its tools, and the DOM view a policy reads
 * (elements and their text rendering). Code outside this folder imports from here.
 */
export { CHROMIUM_INSTALL_HINT, findChromium } from "./find-chromium.js";
export { miniwobEnv, miniwobEnvOptionsSchema } from "./miniwob-env-definition.js";
export { miniwobTools } from "./miniwob-tools.js";
export { renderDomView } from "./render-dom-view.js";
export { type WebElement, webElementSchema } from "./web-element.js";
