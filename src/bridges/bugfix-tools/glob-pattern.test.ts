import { describe, expect, it } from "vitest";
import { globToRegExp } from "./glob-pattern.js";

const matches = (pattern: string, path: string) => globToRegExp(pattern).test(path);

describe("globToRegExp", () => {
  it("* stays within a segment; ** crosses segments (and may match none)", () => {
    expect(matches("*.js", "f.js")).toBe(true);
    expect(matches("*.js", "src/f.js")).toBe(false);
    expect(matches("**/*.js", "src/f.js")).toBe(true);
    expect(matches("**/*.js", "f.js")).toBe(true);
    expect(matches("src/**", "src/a/b.js")).toBe(true);
    expect(matches("src/*", "src/a/b.js")).toBe(false);
  });

  it("supports ?, {a,b}, a leading ./ or /, and treats regex characters literally", () => {
    expect(matches("src/?.js", "src/f.js")).toBe(true);
    expect(matches("src/?.js", "src/ff.js")).toBe(false);
    expect(matches("**/*.{md,js}", "README.md")).toBe(true);
    expect(matches("./src/*.js", "src/f.js")).toBe(true);
    expect(matches("/README.md", "README.md")).toBe(true);
    expect(matches("README.md", "READMExmd")).toBe(false);
    expect(matches("a+b(c).js", "a+b(c).js")).toBe(true);
  });
});
