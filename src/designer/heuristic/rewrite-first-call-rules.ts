import type { Action } from "../../core/action.js";
import type { Json, JsonObject } from "../../core/json.js";
import { episodeSwitch, literal, roundMagnitude } from "./rules-snippets.js";

/**
 * How the first call is rewritten: into a random other call whose arguments come from
 * `domains` (never one whose arguments are listed in `avoid`), or into `call`.
 */
export type FirstCallRewrite = { domains: Record<string, Json[]>; avoid: JsonObject[] } | { call: Action };

/**
 * A Rules source that, in a fraction `probability` of episodes (decided once per episode
 * with `context.random()`), replaces the policy's first accepted call of `tool`: with a
 * different well-formed call whose arguments are drawn from `domains`, skipping those in
 * `avoid` (exploration), or
 * with the fixed `call` (steering; a policy that chose it anyway is left alone). When the
 * env refuses the replacement, the next call of `tool` is replaced again, up to `retries`
 * times. Later calls are never touched: the policy continues from wherever that call led.
 * Calls in `refused` (what a Rules layer below refuses) are never rewritten nor drawn: a
 * refused call stays refused, it is not turned into one the env accepts.
 */
export function rewriteFirstCallRules(
  tool: string,
  rewrite: FirstCallRewrite,
  probability: number,
  retries: number,
  refused: readonly Action[] = [],
): string {
  const p = roundMagnitude(probability);
  const replacement =
    "call" in rewrite
      ? `const call: { name: string; args: { [name: string]: Json } } = ${literal(rewrite.call as unknown as Json)};
    let same = call.name === action.name && Object.keys(action.args).length === Object.keys(call.args).length;
    for (const key of Object.keys(call.args)) if (JSON.stringify(call.args[key]) !== JSON.stringify(action.args[key] ?? null)) same = false;
    if (same) {
      context.memory.done = true;
      return undefined;
    }
    context.memory.rewritten = true;
    return call;`
      : `const domains: { [name: string]: Json[] } = ${literal(rewrite.domains)};
    const avoid: { [name: string]: Json }[] = ${literal(rewrite.avoid)};
    const matches = (args: { [name: string]: Json }, other: { [name: string]: Json }) => Object.keys(domains).every((key) => JSON.stringify(args[key]) === JSON.stringify(other[key] ?? null));
    for (let draw = 0; draw < 64; draw++) {
      const args: { [name: string]: Json } = {};
      for (const key of Object.keys(domains)) {
        const values = domains[key]!;
        args[key] = values[Math.floor(context.random() * values.length)]!;
      }
      if (!matches(args, action.args) && !avoid.some((other) => matches(args, other))${refused.length === 0 ? "" : ` && !isRefused({ name: ${literal(tool)}, args })`}) {
        context.memory.rewritten = true;
        return { name: ${literal(tool)}, args };
      }
    }
    return undefined;`;
  // Only when a Rules layer below refuses calls: otherwise the source is exactly what it was without them.
  const refusedCheck =
    refused.length === 0
      ? ""
      : `
    const refused: { name: string; args: { [name: string]: Json } }[] = ${literal(refused as unknown as Json)};
    const isRefused = (call: { name: string; args: { [name: string]: Json } }) =>
      refused.some((other) => other.name === call.name && Object.keys(other.args).length === Object.keys(call.args).length && Object.keys(other.args).every((key) => JSON.stringify(other.args[key]) === JSON.stringify(call.args[key] ?? null)));
    // Left to the Rules layer below, which refuses it.
    if (isRefused(action)) return undefined;`;
  const what =
    "call" in rewrite
      ? `with ${JSON.stringify(rewrite.call)}`
      : `with a different well-formed call drawn at random${rewrite.avoid.length > 0 ? ` (not one of ${rewrite.avoid.length} opening(s) seen failing)` : ""}`;
  return `// In ${roundMagnitude(p * 100)}% of episodes, replace the policy's first accepted call of ${tool} ${what} (a refused replacement is retried, up to ${retries} time(s)).
export default defineRules({
  filterAction(action, context) {
    ${episodeSwitch("rewriting", p)}
    if (context.memory.rewriting !== true || context.memory.done === true || action.name !== ${literal(tool)}) return undefined;${refusedCheck}
    const tries = typeof context.memory.tries === "number" ? context.memory.tries : 0;
    if (tries >= ${retries}) return undefined;
    context.memory.tries = tries + 1;
    ${replacement}
  },
  modifyTransition(action, transition, context) {
    if (context.memory.rewritten !== true) return undefined;
    context.memory.rewritten = false;
    if (transition.info.actionError === undefined || transition.info.actionError === null) context.memory.done = true;
    return undefined;
  },
});
`;
}
