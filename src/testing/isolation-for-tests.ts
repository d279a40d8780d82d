import { checkIsolation } from "../sandbox/process/index.js";

/**
 * True when real code can run under bubblewrap here. Where it cannot, says so once on
 * stderr — which tests are skipped and why — and returns false, so a suite can
 * `describe.skipIf(!(await isolationForTests("…")))`.
 */
export async function isolationForTests(suite: string): Promise<boolean> {
  const availability = await checkIsolation();
  if (availability.available) return true;
  process.stderr.write(
    `[skipped] ${suite}: no OS sandbox (${availability.reason}) — install bubblewrap (apt-get install bubblewrap)\n`,
  );
  return false;
}
