import { describe, expect, it } from "vitest";
import { hiddenTreeChanges } from "./hidden-tree.js";

describe("hiddenTreeChanges", () => {
  const start = { "index.js": "buggy", "test.js": "old tests", "fixtures/a.json": "1", "ava.config.js": "{}" };
  const reference = { "index.js": "fixed", "test.js": "new tests", "fixtures/a.json": "1", "ava.config.js": "{}" };
  const editable = new Set(["index.js"]);

  it("keeps the agent's editable files and takes every other file from the reference, whatever its name", () => {
    const agent = {
      "index.js": "agent's fix",
      "test.js": "test('stub', () => {})",
      "fixtures/a.json": "planted",
      "ava.config.js": "export default { match: ['nothing'] }",
      "helper.js": "new file",
    };
    expect(hiddenTreeChanges(start, reference, agent, editable)).toEqual({
      write: { "index.js": "agent's fix", "test.js": "new tests" },
      remove: [],
    });
  });

  it("undoes the reference's fix where the agent left the start's source", () => {
    expect(hiddenTreeChanges(start, reference, start, editable)).toEqual({
      write: { "test.js": "new tests" },
      remove: [],
    });
  });

  it("removes a file the reference added to an editable path when the agent does not have it, and a start file the reference dropped", () => {
    const withAdded = { ...reference, "lib/added.js": "added by the fix" };
    const changes = hiddenTreeChanges(
      { ...start, "old.test.js": "x" },
      withAdded,
      start,
      new Set(["index.js", "lib/added.js"]),
    );
    expect(changes.remove).toEqual(["old.test.js"]);
    expect(changes.write["lib/added.js"]).toBeUndefined();
  });
});
