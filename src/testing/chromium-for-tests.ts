import { CHROMIUM_INSTALL_HINT, findChromium } from "../bridges/miniwob/index.js";

/**
 * True when the web tests can run (a Chromium is found). Where none is, says so once on
 * stderr — which tests are skipped and how to install a browser — and returns false, so a
 * suite can `describe.skipIf(!chromiumForTests("…"))`.
 */
export function chromiumForTests(suite: string): boolean {
  if (findChromium() !== null) return true;
  process.stderr.write(`[skipped] ${suite}: no Chromium found — ${CHROMIUM_INSTALL_HINT}\n`);
  return false;
}
