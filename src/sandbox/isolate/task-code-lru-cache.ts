import { EnvriggerError } from "../../core/errors.js";

/**
 * A bounded map that forgets its least recently used entry when full (the task-code
 * runner's compiled-context cache and result memo).
 *
 * `get` and `set` count as uses. `onRemove` is called for every entry that leaves the
 * cache through eviction, `delete` or `clear` (not when `set` replaces a value with
 * itself), so a cache of resources can release them.
 */
export class TaskCodeLruCache<Key, Value> {
  private readonly entries = new Map<Key, Value>();

  /**
   * @param capacity - the most entries kept (at least 1).
   * @param onRemove - called with each entry that leaves the cache.
   */
  constructor(
    readonly capacity: number,
    private readonly onRemove?: (key: Key, value: Value) => void,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new EnvriggerError("BAD_ARGUMENT", `cache capacity must be a positive integer, got ${capacity}`);
  }

  /** How many entries are cached. */
  get size(): number {
    return this.entries.size;
  }

  /** The value of `key`, marking it as the most recently used; `undefined` when absent. */
  get(key: Key): Value | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** True when `key` is cached (does not count as a use). */
  has(key: Key): boolean {
    return this.entries.has(key);
  }

  /** Store `value` under `key` as the most recently used entry, evicting the oldest when full. */
  set(key: Key, value: Value): void {
    const previous = this.entries.get(key);
    this.entries.delete(key);
    this.entries.set(key, value);
    if (previous !== undefined && previous !== value) this.onRemove?.(key, previous);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as Key;
      const evicted = this.entries.get(oldest) as Value;
      this.entries.delete(oldest);
      this.onRemove?.(oldest, evicted);
    }
  }

  /** Remove `key`; true when it was cached. */
  delete(key: Key): boolean {
    const value = this.entries.get(key);
    if (!this.entries.delete(key)) return false;
    this.onRemove?.(key, value as Value);
    return true;
  }

  /** Remove every entry. */
  clear(): void {
    const removed = [...this.entries];
    this.entries.clear();
    for (const [key, value] of removed) this.onRemove?.(key, value);
  }
}
