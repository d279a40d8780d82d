import { fetchOpenEnvServerInfo } from "./fetch-openenv-server-info.js";
import { resolveOpenEnvUrls } from "./openenv-urls.js";

/**
 * The base env id an `envrigger serve` server serves (e.g. `bugfix`), read from its
 * `/schema`; `null` for any other OpenEnv server or one that cannot be reached. Lets the
 * built-in policies of the served env run through `openenv:<url>`.
 */
export async function servedBaseEnv(url: string, timeoutMs = 10_000): Promise<string | null> {
  try {
    const info = await fetchOpenEnvServerInfo(resolveOpenEnvUrls(url).httpBase, timeoutMs);
    return info.envrigger?.schema.baseEnv ?? null;
  } catch {
    return null;
  }
}
