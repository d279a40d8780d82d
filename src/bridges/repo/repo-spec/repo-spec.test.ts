import { describe, expect, it } from "vitest";
import { normaliseRepoSettings, parseRepoSpec, repoSpecSettingsSchema } from "./repo-spec.js";

describe("parseRepoSpec", () => {
  it("percent-decodes each value exactly once and keeps + and literal spaces", () => {
    const { location, settings } = parseRepoSpec(
      "repo:./lib?test=npx ava --tap %26%26 echo 100%25+done&sources=src/**/*.js,lib/a%2Cb.js",
    );
    expect(location).toBe("./lib");
    expect(settings.test).toBe("npx ava --tap && echo 100%+done");
    expect(settings.sources).toBe("src/**/*.js,lib/a,b.js");
  });

  it("does not decode twice: %2526 stays %26", () => {
    expect(parseRepoSpec("repo:x?test=echo %2526").settings.test).toBe("echo %26");
  });

  it("a lone % is a user error that says to write %25", () => {
    expect(() => parseRepoSpec("repo:x?test=echo 50%")).toThrow(/percent-decode/);
  });
});

describe("repo settings", () => {
  it("take the same keys and value forms in the query and the file, normalised alike", () => {
    const query = parseRepoSpec(
      "repo:x?test=npm test&sources=src/*.js&tests=test.js&dev=ava@6.4.1,@scope/a@1.0.0&injected=5",
    ).settings;
    const fromQuery = normaliseRepoSettings(repoSpecSettingsSchema.parse(query));
    const fromFile = normaliseRepoSettings(repoSpecSettingsSchema.parse(JSON.parse(JSON.stringify(query))));
    expect(fromQuery).toEqual(fromFile);
    expect(fromQuery).toEqual({
      test: "npm test",
      sources: ["src/*.js"],
      tests: ["test.js"],
      dev: { ava: "6.4.1", "@scope/a": "1.0.0" },
      injected: 5,
    });
  });

  it("the file may also give arrays, a dependency record and numbers", () => {
    const settings = normaliseRepoSettings(
      repoSpecSettingsSchema.parse({ sources: ["src/*.js"], dev: { ava: "6.4.1" }, historical: 3 }),
    );
    expect(settings).toEqual({ sources: ["src/*.js"], dev: { ava: "6.4.1" }, historical: 3 });
  });

  it("rejects an unknown key and a count that is not a whole number", () => {
    expect(repoSpecSettingsSchema.safeParse({ tset: "npm test" }).success).toBe(false);
    expect(repoSpecSettingsSchema.safeParse({ injected: "many" }).success).toBe(false);
  });
});
