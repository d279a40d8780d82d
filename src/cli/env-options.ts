import { EnvriggerError } from "../core/errors.js";
import type { Json, JsonObject } from "../core/json.js";

/** Commander's collector of a repeatable option: each occurrence appended. */
export function collectValues(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

const optionSyntax = /^([A-Za-z_][\w.-]*)=([\s\S]*)$/;

/**
 * The env options of `--env-option key=value` (repeatable) over `base`: a value that
 * reads as JSON is that JSON (`maxTurns=20` a number, `serverStateInView=false` a
 * boolean, `x={"a":1}` an object), anything else a string. The env's own option schema
 * checks them when it creates an env (`BAD_CONFIG` naming the option); `envrigger envs`
 * lists each env's options.
 */
export function parseEnvOptions(values: readonly string[] | undefined, base: JsonObject = {}): JsonObject {
  const options: JsonObject = { ...base };
  for (const value of values ?? []) {
    const match = optionSyntax.exec(value);
    if (!match)
      throw new EnvriggerError("BAD_ARGUMENT", `--env-option takes key=value, got ${JSON.stringify(value)}`, {
        hint: "e.g. --env-option maxTurns=20 --env-option successReward=1",
      });
    const [, key, text] = match as unknown as [string, string, string];
    let parsed: Json = text;
    try {
      parsed = JSON.parse(text) as Json;
    } catch {
      // Not JSON: the text itself.
    }
    options[key] = parsed;
  }
  return options;
}
