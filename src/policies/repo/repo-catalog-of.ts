import { type RepoTaskCatalog, repoTaskCatalog } from "../../bridges/repo/index.js";

/**
 * The task catalog of a `repo` env spec, for the policies that know the reference
 * changes (the oracle and the personas built on it): what an expert who has seen the
 * fixes would know. They still find their task from what they observe — the statement
 * and their tools' results — never from the task id.
 */
export function repoCatalogOf(envId: string): Promise<RepoTaskCatalog> {
  return repoTaskCatalog(envId);
}
