import type { EnvDefinition } from "../core/env-definition.js";
import { EnvriggerError } from "../core/errors.js";
import type { Split } from "../core/task.js";
import { loadDefaultExport, requireMembers } from "./load-module.js";
import { checkPluginTasks, PluginEnv, REQUIRED_PLUGIN_ENV_METHODS, type PluginEnvObject } from "./plugin-env.js";

/** The default export of an env plugin module. */
interface EnvPluginModule {
  id: string;
  listTasks(split: Split): unknown;
  create(): unknown;
}

/**
 * Load `--env file:<path>`: a module whose default export is a plain object
 * `{ id, listTasks(split) → [{ id, split, instruction? }], create() → env }`, where `env`
 * has the ActionableEnv methods (sync or async, plain JSON). No import from envrigger is
 * needed. Every value the env returns is validated.
 */
export async function loadEnvPlugin(path: string, cwd?: string): Promise<EnvDefinition> {
  const value = await loadDefaultExport(path, "env plugin", cwd);
  requireMembers(value, { id: "string", listTasks: "function", create: "function" }, `env plugin ${path}`);
  const plugin = value as EnvPluginModule;
  const listTasks = async (split: Split) => checkPluginTasks(plugin.id, await plugin.listTasks(split), split);
  return {
    id: plugin.id,
    description: `plugin env from ${path}`,
    listTasks,
    create: async () => {
      const env = await plugin.create();
      const members = Object.fromEntries(REQUIRED_PLUGIN_ENV_METHODS.map((name) => [name, "function" as const]));
      try {
        requireMembers(env, members, `env created by plugin ${plugin.id}`);
      } catch (error) {
        throw error instanceof EnvriggerError ? error : new EnvriggerError("PLUGIN_SHAPE", String(error));
      }
      return new PluginEnv(plugin.id, env as PluginEnvObject, listTasks);
    },
  };
}
