/**
 * The BugFix gym's public surface: its env definition and what a policy may know of its
 * action grammar (the edit-op menu, the call grammar, the compact projection) and — for the
 * oracle only — its task catalogue. Code outside this folder imports from here.
 */
export { applyEditOp } from "./apply-edit-op.js";
export { type BugFixEnvDefinition, bugfixEnv, createBugFixEnvDefinition } from "./bugfix-env-definition.js";
export { bugFixTools } from "./bugfix-tools.js";
export { formatCall, parseCall } from "./call-grammar.js";
export { compactProjection, projectionLabel } from "./compact-projection.js";
export { editOpNameSchema, type FixOpName, fixOpNames } from "./edit-op-name.js";
export { bugFixCatalog } from "./task-catalog.js";
export { truncateOutput } from "./truncate-output.js";
export { gradedInfo } from "./graded-info.js";
export { gradedVerdict, issueObservation } from "./graded-verdict.js";
export { type BugFixEvent, bugFixEventSchema, bugFixInfoSchema } from "./bugfix-info.js";
