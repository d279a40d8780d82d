import type ivm from "isolated-vm";
import type rulesBootstrap from "./isolate-code/rules-bootstrap.js";

/** The name of one function of the Rules bootstrap's API (a key of what `rulesBootstrap` answers). */
export type RulesBootstrapFunction = keyof ReturnType<typeof rulesBootstrap>;

/**
 * A reference to the function `name` of the frozen API object a Rules bootstrap answered
 * (see `rulesBootstrapScript`). The name is checked against the typed in-isolate entry, so
 * the host cannot ask for a function the bootstrap does not have.
 */
export function bootstrapFunction(bootstrapApi: ivm.Reference, name: RulesBootstrapFunction): ivm.Reference {
  return bootstrapApi.getSync(name, { reference: true });
}
