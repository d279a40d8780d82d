import type { ActionableEnv } from "../core/actionable-env.js";

/**
 * Idle envs by stack, so a worker reuses a built stack across jobs of the same batch (as
 * `runRollouts` reuses one per lane) instead of loading its Rules again per episode. Keeps
 * at most `maxStacks` stacks (least recently used closed first) and `maxIdle` envs each.
 */
export class EnvPool {
  private readonly idle = new Map<string, ActionableEnv[]>();

  constructor(
    private readonly maxStacks = 16,
    private readonly maxIdle = 8,
  ) {}

  /** An idle env of `key`, or a new one from `build`. */
  async acquire(key: string, build: () => Promise<ActionableEnv>): Promise<ActionableEnv> {
    const envs = this.idle.get(key);
    const env = envs?.pop();
    if (envs) {
      // Mark as most recently used.
      this.idle.delete(key);
      this.idle.set(key, envs);
    }
    return env ?? build();
  }

  /** Give `env` back for reuse (closed instead when its stack already has enough idle). */
  async release(key: string, env: ActionableEnv): Promise<void> {
    const envs = this.idle.get(key) ?? [];
    this.idle.delete(key);
    this.idle.set(key, envs);
    if (envs.length >= this.maxIdle) return env.close();
    envs.push(env);
    while (this.idle.size > this.maxStacks) {
      const [oldest, stale] = this.idle.entries().next().value as [string, ActionableEnv[]];
      this.idle.delete(oldest);
      await Promise.all(stale.map((item) => item.close()));
    }
  }

  /** Close every idle env. */
  async close(): Promise<void> {
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(all.map((env) => env.close()));
  }
}
