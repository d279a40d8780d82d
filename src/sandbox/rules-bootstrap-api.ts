/**
 * The API part of the Rules bootstrap (see `rulesBootstrapScript`): defines `load(factory)`,
 * which runs the component factory once with `harden`, checks the exported hooks and
 * freezes them, and `call(hook, inputText)`, which runs one hook on a fresh context and
 * answers JSON. Uses `harden`, `createRandom`, `serialize` and `failure` from the other
 * parts.
 */
export const rulesBootstrapApi: string = `
  // --- The API.
  const hooks = [undefined, undefined, undefined];
  let loaded = false;
  const load = (factory) => {
    if (loaded) return failure("bad-shape", "the component is already loaded");
    loaded = true;
    let component;
    try {
      component = factory(harden);
    } catch (error) {
      return failure("threw", "loading the component threw " + describeError(error));
    }
    if (component === null || typeof component !== "object") {
      return failure("bad-shape", "the default export must be defineRules({ ... })");
    }
    const keys = ownKeys(component);
    const present = [false, false, false];
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      const hook = typeof key === "string" ? hookNames.indexOf(key) : -1;
      if (hook < 0) return failure("bad-shape", "unknown hook " + toText(key) + ": the hooks are " + hookNames.join(", "));
      const descriptor = getOwnPropertyDescriptor(component, key);
      if (!("value" in descriptor) || typeof descriptor.value !== "function") {
        return failure("bad-shape", "hook " + key + " must be a function");
      }
      hooks[hook] = descriptor.value;
      present[hook] = true;
    }
    if (!present[0] && !present[1] && !present[2]) {
      return failure("no-hooks", "defineRules({ ... }) needs at least one hook: " + hookNames.join(", "));
    }
    harden(component);
    return stringify({ ok: true, hooks: present });
  };
  const call = (hook, inputText) => {
    const target = hooks[hook];
    if (typeof target !== "function") return failure("bad-shape", "the component has no hook number " + hook);
    const input = parse(inputText);
    const context = {
      state: input.state,
      memory: input.memory,
      turn: input.turn,
      seed: input.seed,
      random: createRandom(input.seed, input.turn, hook),
    };
    const list = input.arguments;
    list[list.length] = context;
    let result;
    try {
      result = apply(target, undefined, list);
    } catch (error) {
      return failure("threw", describeError(error));
    }
    const memory = context.memory;
    if (memory === null || typeof memory !== "object" || isArray(memory)) {
      return failure("bad-output", "context.memory must stay a JSON object");
    }
    let memoryText;
    try {
      memoryText = serialize(memory, memoryLimit);
    } catch (error) {
      return serializationFailure(error, "context.memory", "memory-too-large", memoryLimit);
    }
    let valueText = "";
    if (result !== undefined) {
      try {
        valueText = ',"value":' + serialize(result, outputLimit);
      } catch (error) {
        return serializationFailure(error, "the result", "bad-output", outputLimit);
      }
    }
    return '{"ok":true,"memory":' + memoryText + valueText + "}";
  };
`;
