import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../../core/errors.js";
import { TaskCodeLruCache } from "./task-code-lru-cache.js";

describe("TaskCodeLruCache", () => {
  it("evicts the least recently used entry and reports it", () => {
    const removed: string[] = [];
    const cache = new TaskCodeLruCache<string, number>(2, (key) => removed.push(key));
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // "b" is now the oldest
    cache.set("c", 3);
    expect(removed).toEqual(["b"]);
    expect(cache.has("b")).toBe(false);
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  it("reports replaced, deleted and cleared entries", () => {
    const removed: Array<[string, number]> = [];
    const cache = new TaskCodeLruCache<string, number>(3, (key, value) => removed.push([key, value]));
    cache.set("a", 1);
    cache.set("a", 1);
    cache.set("a", 2);
    expect(removed).toEqual([["a", 1]]);
    expect(cache.delete("a")).toBe(true);
    expect(cache.delete("a")).toBe(false);
    cache.set("b", 3);
    cache.set("c", 4);
    cache.clear();
    expect(removed).toEqual([
      ["a", 1],
      ["a", 2],
      ["b", 3],
      ["c", 4],
    ]);
    expect(cache.size).toBe(0);
    expect(cache.get("b")).toBeUndefined();
  });

  it("rejects a capacity below one", () => {
    expect(() => new TaskCodeLruCache(0)).toThrow();
    try {
      new TaskCodeLruCache(1.5);
      expect.unreachable();
    } catch (error) {
      expect(isEnvriggerError(error, "BAD_ARGUMENT")).toBe(true);
    }
  });
});
