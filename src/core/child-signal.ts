/**
 * A signal of its own for one piece of work under `parent`: aborted when `parent` is (with its
 * reason), and let go of by `release` when the work ends, so that listeners the work leaves on
 * its signal (LangGraph adds one per `invoke` and never removes it) stay on this signal and
 * are collected with it instead of piling up on a run-long parent. Without a parent: none.
 */
export function childSignal(parent: AbortSignal | undefined): { signal: AbortSignal | undefined; release: () => void } {
  if (!parent) return { signal: undefined, release: () => {} };
  const controller = new AbortController();
  const forward = () => controller.abort(parent.reason);
  if (parent.aborted) forward();
  else parent.addEventListener("abort", forward, { once: true });
  return { signal: controller.signal, release: () => parent.removeEventListener("abort", forward) };
}
