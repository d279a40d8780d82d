import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../../core/errors.js";
import { miniwobEnv } from "./miniwob-env-definition.js";
import { MINIWOB_EXCLUSIONS } from "./miniwob-exclusions.js";
import { MiniwobTaskCatalog, miniwobDataDirectory, miniwobSplitOf } from "./miniwob-task-catalog.js";

describe("the MiniWoB++ task catalogue (no browser)", () => {
  const catalog = MiniwobTaskCatalog.read();
  const train = catalog.listTasks("train");
  const heldout = catalog.listTasks("heldout");

  it("bundles exactly the listed pages and accounts for all 130 MiniWoB++ tasks: listed, or excluded with a reason", () => {
    const pages = readdirSync(`${miniwobDataDirectory()}html/miniwob`)
      .filter((name) => name.endsWith(".html"))
      .map((name) => name.slice(0, -5))
      .sort();
    const listed = catalog.file.tasks.map((task) => task.id);
    const excluded = catalog.file.excluded.map((task) => task.id);
    expect([...listed].sort()).toEqual(pages);
    expect(new Set([...listed, ...excluded]).size).toBe(130);
    for (const exclusion of catalog.file.excluded) expect(exclusion.reason.length).toBeGreaterThan(10);
    // Every mechanical exclusion is in the file (the probe copies them).
    for (const exclusion of MINIWOB_EXCLUSIONS) expect(excluded).toContain(exclusion.id);
  });

  it("splits by a stable hash of the name, about one in five held out", () => {
    expect(train.length + heldout.length).toBe(catalog.file.tasks.length);
    expect(heldout.length).toBeGreaterThan(catalog.file.tasks.length * 0.1);
    expect(heldout.length).toBeLessThan(catalog.file.tasks.length * 0.35);
    for (const task of [...train, ...heldout]) expect(miniwobSplitOf(task.id)).toBe(task.split);
    expect(train.every((task) => existsSync(`${miniwobDataDirectory()}html/miniwob/${task.id}.html`))).toBe(true);
    expect(train.find((task) => task.id === "click-button")?.group).toBe("click");
  });

  it("refuses an excluded task with its reason and an unknown one with a hint", () => {
    expect(() => catalog.assertListed("drag-box")).toThrow(/excluded \(drag\)/);
    try {
      catalog.assertListed("no-such-task");
      expect.unreachable();
    } catch (error) {
      expect(isEnvriggerError(error, "UNKNOWN_TASK")).toBe(true);
    }
  });

  it("lists tasks and creates envs without a browser; the first reset says how to install one", async () => {
    const saved = process.env.ENVRIGGER_CHROMIUM;
    process.env.ENVRIGGER_CHROMIUM = "/nonexistent/chromium";
    try {
      expect((await miniwobEnv.listTasks("train")).length).toBe(train.length);
      const env = await miniwobEnv.create();
      expect((await env.tools()).map((tool) => tool.name)).toEqual(["click", "type", "press", "select", "scroll"]);
      const failure = await env.reset({ taskId: "click-button", seed: 0 }).catch((error: unknown) => error);
      expect(isEnvriggerError(failure, "BROWSER_UNAVAILABLE")).toBe(true);
      expect(String((failure as Error).message)).toMatch(/apt-get install chromium/);
      await env.close();
      await env.close();
    } finally {
      if (saved === undefined) delete process.env.ENVRIGGER_CHROMIUM;
      else process.env.ENVRIGGER_CHROMIUM = saved;
    }
  });

  it("refuses unknown options", async () => {
    await expect(miniwobEnv.create({ maxTurn: 3 })).rejects.toMatchObject({ code: "BAD_CONFIG" });
  });
});
