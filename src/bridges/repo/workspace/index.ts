export { type CreateWorkspaceOptions, createWorkspace } from "./create-workspace.js";
export { type PrepareCheckoutCacheOptions, type PrepareCheckoutOptions, prepareCheckout } from "./prepare-checkout.js";
export { snapshotTree, type TreeEntry } from "./tree-snapshot.js";
export type { Workspace } from "./workspace.js";
