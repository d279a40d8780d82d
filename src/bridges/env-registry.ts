import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import { bugfixEnv } from "./bugfix/bugfix-env-definition.js";
import { bugfixToolsEnv } from "./bugfix-tools/bugfix-tools-env-definition.js";
import { textworldEnv } from "./textworld/textworld-env-definition.js";
import { toy24Env } from "./toy24/toy24-env-definition.js";
import { miniwobEnv } from "./miniwob/miniwob-env-definition.js";
import { repoEnv } from "./repo/index.js";

/** The built-in environments, by id. */
const builtinEnvs: readonly EnvDefinition[] = [bugfixEnv, bugfixToolsEnv, toy24Env, textworldEnv, miniwobEnv, repoEnv];

/** Every built-in environment. */
export function listEnvs(): readonly EnvDefinition[] {
  return builtinEnvs;
}

/**
 * Find an environment: a built-in id (`bugfix`, `bugfix-tools`, `toy24`, …),
 * `openenv:<ws-or-http-url>` for an OpenEnv server, `repo:<dir or bundle>[?test=…]` for a
 * repository with git history (its tasks built on first use), or `file:<path>` for a
 * plugin module (paths resolved against `cwd`). Unknown ids are a user error listing the known ones.
 */
export async function resolveEnv(spec: string, cwd?: string): Promise<EnvDefinition> {
  // The OpenEnv client (a WebSocket library) and the plugin loader load only when asked for.
  if (spec.startsWith("openenv:"))
    return (await import("./openenv/openenv-env-definition.js")).createOpenEnvDefinition(spec.slice("openenv:".length));
  if (spec.startsWith("repo:")) return (await import("./repo/index.js")).createRepoEnvDefinition(spec, { cwd });
  if (spec.startsWith("file:")) {
    const plugin = await (await import("../plugins/env-plugin.js")).loadEnvPlugin(spec.slice("file:".length), cwd);
    // Keep the spec as the id so stacks built from it can be rebuilt.
    return { ...plugin, id: spec, listTasks: plugin.listTasks.bind(plugin), create: plugin.create.bind(plugin) };
  }
  const found = builtinEnvs.find((env) => env.id === spec);
  if (!found) {
    throw new EnvriggerError("UNKNOWN_ENV", `unknown environment "${spec}"`, {
      hint: `use one of ${builtinEnvs.map((env) => env.id).join(", ")}, openenv:<url> for an OpenEnv server, repo:<dir>?test=<command> for a repository, or file:<path> for a plugin module`,
    });
  }
  return found;
}
