import { describe, expect, it } from "vitest";
import { collectValues, parseEnvOptions } from "./env-options.js";

describe("parseEnvOptions", () => {
  it("reads key=value pairs, JSON values as JSON and the rest as strings, over the base options", () => {
    const values = ["maxTurns=20", "serverStateInView=false", "label=grid world", 'nested={"a":1}', "empty="];
    expect(parseEnvOptions(values, { reward: "public" })).toEqual({
      reward: "public",
      maxTurns: 20,
      serverStateInView: false,
      label: "grid world",
      nested: { a: 1 },
      empty: "",
    });
    expect(collectValues("b=2", collectValues("a=1"))).toEqual(["a=1", "b=2"]);
  });

  it("refuses a value without a key", () => {
    expect(() => parseEnvOptions(["=3"])).toThrow(expect.objectContaining({ code: "BAD_ARGUMENT" }));
    expect(() => parseEnvOptions(["maxTurns"])).toThrow(/takes key=value/);
  });
});
