import { type RepoTaskCatalog, repoTaskCatalog } from "../../bridges/repo/index.js";

/**
 * The task catalog of a `repo` env spec, for the policies that know the reference
 * changes (the oracle and the personas built on it): what an expert who has seen the
 * fixes would know. They are test doubles, the one exception to a policy's rule of
 * deciding only from what it observes: they make the fix of the task the episode was
 * started on (several tasks may show the same statement).
 */
export function repoCatalogOf(envId: string): Promise<RepoTaskCatalog> {
  return repoTaskCatalog(envId);
}
