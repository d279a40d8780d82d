import type { ComponentIssue } from "./component-issue.js";
import { loadRulesComponent } from "./component-loader.js";
import type { RulesSandboxOptions } from "./rules-sandbox-options.js";

/** The verdict of {@link checkComponent}. */
export interface ComponentVerdict {
  ok: boolean;
  issues: ComponentIssue[];
}

/**
 * Check a Rules component all the way: the static check, then a real load into a sandbox
 * (which is disposed again). What `envrigger check-component` runs; `ok` means the
 * component can be used in a harness stack.
 */
export async function checkComponent(source: string, options: RulesSandboxOptions = {}): Promise<ComponentVerdict> {
  const loaded = await loadRulesComponent(source, options);
  if (!loaded.ok) return { ok: false, issues: loaded.issues };
  loaded.runtime.dispose();
  return { ok: true, issues: [] };
}
