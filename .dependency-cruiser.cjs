/**
 * The layers of src/, one way down (CONTRIBUTING.md has the map and why). A folder may
 * import the folders below it in this list, never one above it; the leaves (llm, plugins,
 * run-format) import only core. `npm run deps` checks it; CI runs it.
 */
const layers = [
  "cli", // the envrigger command: parsing, printing — nothing imports it
  "app", // wiring: the product's rig dependencies, task processes
  "serve", // the OpenEnv server over stacks
  "export", // corpora and chat transcripts out of runs
  "report", // HTML and JSON reports of runs
  "skills", // skill banks mined from runs
  "rl", // GRPO, experiments, co-evolution
  "curriculum", // batch rigging over a split, run directories
  "rigger", // the LangGraph loop, decision rule, candidate store, checkpoints
  "designer", // heuristic and LLM designers
  "queue", // distributed rollouts (BullMQ): a rollout executor and its worker
  "policies", // scripted, LLM and learnable policies; the product's local rollout executor
  "analysis", // reading trajectories: tool roles, failures shown, calls
  "bridges", // one folder per environment family; the env registry
  "rollout", // episode runner, concurrency, statistics
  "sandbox", // isolated Rules groups, task code, process isolation
  "harness", // Setup, Rules, Chain, stack specs and files
  "llm", // provider plumbing (leaf)
  "plugins", // plugin loading (leaf)
  "run-format", // run-file schemas and paths (leaf)
  "core", // contracts, errors, seeding
];
const leaves = ["llm", "plugins", "run-format"];

const above = (index) => layers.slice(0, index);
const layerRules = layers.map((layer, index) => ({
  name: `layer-${layer}`,
  comment: `${layer} imports only layers below it (${layers.slice(index + 1).join(", ") || "none"})`,
  severity: "error",
  from: { path: `^src/${layer}/`, pathNot: "\\.test\\.ts$" },
  to: {
    path: leaves.includes(layer)
      ? `^src/(?!(core|${layer})/)[^/]+/`
      : `^src/(${above(index).join("|") || "(?!)"})/`,
  },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "no import cycles between modules",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "product-wiring-in-app",
      comment:
        "the product's wiring (files named product-*: stack dependencies, executors, sandbox limits) lives in src/app, the composition root; lower layers take it as a parameter",
      severity: "error",
      from: {},
      to: { path: "^src/(?!app/).*/product-[^/]*\\.ts$" },
    },
    {
      name: "bridge-public-surface",
      comment: "outside a bridge, import it through its index.ts (policies, designers, …; tests may reach in)",
      severity: "error",
      from: { path: "^src/(?!bridges/)", pathNot: "\\.test\\.ts$" },
      to: { path: "^src/bridges/[^/]+/(?!index\\.ts$)" },
    },
    {
      name: "testing-is-for-tests",
      comment: "src/testing (test doubles, a public entry of its own) is imported by tests and benches only",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/testing/", "\\.test\\.ts$", "^src/index\\.ts$"] },
      to: { path: "^src/testing/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/" },
    includeOnly: "^src/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
