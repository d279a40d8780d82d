import type { Policy, PolicyFactory } from "../core/policy.js";
import { loadDefaultExport, requireMembers } from "./load-module.js";

/**
 * Load `--policy file:<path>`: a module whose default export is a plain object
 * `{ name, start?(episode), act(input) }` (`act` returns an action or a string, sync or
 * async). No import from envrigger is needed. The same object serves every episode, so a
 * plugin that keeps state should reset it in `start`.
 */
export async function loadPolicyPlugin(path: string, cwd?: string): Promise<PolicyFactory> {
  const value = await loadDefaultExport(path, "policy plugin", cwd);
  requireMembers(value, { name: "string", act: "function", start: "optional-function" }, `policy plugin ${path}`);
  const plugin = value as Policy;
  const policy: Policy = {
    name: plugin.name,
    start: plugin.start ? (episode) => plugin.start?.(episode) : undefined,
    act: (input) => plugin.act(input),
  };
  return () => policy;
}
