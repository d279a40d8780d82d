import type { RigDependenciesFactory } from "../curriculum/run-curriculum.js";
import { createRigDependencies, type CreateRigDependenciesOptions } from "./create-rig-dependencies.js";

/**
 * The product's {@link RigDependenciesFactory}: each task's dependencies from
 * {@link createRigDependencies}, with rollouts on the queue at `queue` when given — what
 * co-evolution rounds and in-process curricula use.
 */
export function productRigDependencies(options: CreateRigDependenciesOptions = {}): RigDependenciesFactory {
  return (config, runDirectory) => createRigDependencies(config, runDirectory, options);
}
