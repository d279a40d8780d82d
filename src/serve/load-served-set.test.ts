import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadServedSet } from "./load-served-set.js";

describe("loadServedSet", () => {
  it("takes the env from a stack file when none is given, and refuses bare tasks without one", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "served-set-")), "stack.json");
    writeFileSync(path, JSON.stringify({ version: 1, base: { env: "bugfix", taskId: "clamp-0" }, layers: [] }));
    const set = await loadServedSet({ stack: path });
    expect(set.envId).toBe("bugfix");
    expect(set.members.map((member) => member.taskId)).toEqual(["clamp-0"]);
    await expect(loadServedSet({ stack: path, env: "toy24" })).rejects.toMatchObject({ code: "BAD_ARGUMENT" });
    await expect(loadServedSet({ tasks: ["clamp-0"] })).rejects.toMatchObject({
      code: "BAD_ARGUMENT",
      message: expect.stringMatching(/give --env/),
    });
  });
});
