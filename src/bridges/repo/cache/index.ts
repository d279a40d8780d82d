export { dependencyKey } from "./dependency-key.js";
export { type CachedDependencies, type DependencyCacheOptions, ensureDependencies } from "./ensure-dependencies.js";
export { repoCacheDirectory } from "./repo-cache-directory.js";
