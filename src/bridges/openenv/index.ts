/**
 * Environments served over the OpenEnv protocol (`openenv:<url>`): the env definition for a
 * server, its options, and which built-in env an `envrigger serve` server stands on (so its
 * built-in policies apply). Code outside this folder imports from here.
 */
export { createOpenEnvDefinition } from "./openenv-env-definition.js";
export { type OpenEnvOptions, type OpenEnvOptionsInput, openEnvOptionsSchema } from "./openenv-options.js";
export { servedBaseEnv } from "./served-base-env.js";
