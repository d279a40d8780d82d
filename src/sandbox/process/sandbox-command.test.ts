import { describe, expect, it } from "vitest";
import { parentsOnTmpfs } from "./sandbox-command.js";

describe("parentsOnTmpfs", () => {
  it("lists the directories a bind under a tmpfs needs, outermost first, once each", () => {
    expect(
      parentsOnTmpfs(["/root/.cache/envrigger", "/root/.cache/other", "/tmp/ws", "/work/x"], ["/tmp", "/root"]),
    ).toEqual(["/root/.cache"]);
    expect(parentsOnTmpfs(["/tmp/a/b/c"], ["/tmp"])).toEqual(["/tmp/a", "/tmp/a/b"]);
    expect(parentsOnTmpfs(["/tmp"], ["/tmp"])).toEqual([]);
  });
});
