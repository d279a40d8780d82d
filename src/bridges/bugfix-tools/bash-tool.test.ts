import { describe, expect, it } from "vitest";
import { runBash, testCommands } from "./bash-tool.js";
import { Workspace } from "./workspace.js";

const workspace = new Workspace({ "README.md": "# f\n", "src/f.js": "function f() {}", "src/lib/util.js": "" }, []);
let testRuns = 0;
const run = (command: string) => runBash(workspace, { command }, () => `report ${++testRuns}`);

describe("Bash whitelist", () => {
  it("runs the test command (npm test or node --test, surrounding spaces allowed)", () => {
    expect(testCommands).toEqual(["npm test", "node --test"]);
    expect(run("npm test")).toEqual({ text: "report 1", isError: false, activity: "test" });
    expect(run("  node   --test ")).toEqual({ text: "report 2", isError: false, activity: "test" });
  });

  it("lists directories and files with ls", () => {
    expect(run("ls")).toEqual({ text: "README.md\nsrc/", isError: false, activity: "look" });
    expect(run("ls src").text).toBe("f.js\nlib/");
    expect(run("ls /src/lib/").text).toBe("util.js");
    expect(run("ls src/f.js").text).toBe("src/f.js");
    expect(run("ls nowhere")).toMatchObject({
      isError: true,
      text: "ls: cannot access 'nowhere': No such file or directory",
    });
  });

  it("refuses every other command, flags and shell syntax, without running the tests", () => {
    const before = testRuns;
    for (const command of [
      "rm -rf src",
      "cat src/f.js",
      "ls -la",
      "ls src README.md",
      "npm test -- --watch",
      "npm test; ls",
      "ls | grep f",
      "ls > out",
      "node -e 1",
      "echo $HOME",
      "",
      "   ",
    ]) {
      const outcome = run(command);
      expect(outcome.isError, command).toBe(true);
      expect(outcome.text, command).toMatch(/allowed commands are `ls \[PATH\]` and the test command `npm test`/);
    }
    expect(testRuns).toBe(before);
  });
});
