/**
 * The API part of the Rules bootstrap (see `rulesBootstrapScript`): defines
 * `readComponent(factory)`, which runs a component factory with `harden`, checks the
 * exported hooks and freezes them, and `load(factory)`, which does so once for the
 * isolate's only component; `call(hook, inputText)`, which runs one hook on a fresh context and
 * answers JSON; `callTransitionThenObservation(inputText, observationText, stateText)`,
 * which runs `modifyTransition` and then, when its patch is one the host accepts,
 * `filterObservation` on the patched observation (what the Rules layer would do next),
 * in one call; and `progress()`, which tells after a timeout of the latter whether
 * `modifyTransition` had finished. Uses `harden`, `createRandom`, `serialize` and
 * `failure` from the other parts, and the CPU-time budget of `isolate-code/budget.ts` (a
 * hook over it answers `timeout`).
 */
export const rulesBootstrapApi: string = `
  // --- The API.
  const hooks = [undefined, undefined, undefined];
  let loaded = false;
  // Run a component factory and read its hooks: [hooks, present] or a failure's JSON text.
  const readComponent = (factory) => {
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
    const found = [undefined, undefined, undefined];
    const present = [false, false, false];
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      const hook = typeof key === "string" ? hookNames.indexOf(key) : -1;
      if (hook < 0) return failure("bad-shape", "unknown hook " + toText(key) + ": the hooks are " + hookNames.join(", "));
      const descriptor = getOwnPropertyDescriptor(component, key);
      if (!("value" in descriptor) || typeof descriptor.value !== "function") {
        return failure("bad-shape", "hook " + key + " must be a function");
      }
      found[hook] = descriptor.value;
      present[hook] = true;
    }
    if (!present[0] && !present[1] && !present[2]) {
      return failure("no-hooks", "defineRules({ ... }) needs at least one hook: " + hookNames.join(", "));
    }
    harden(component);
    return [found, present];
  };
  const load = (factory) => {
    if (loaded) return failure("bad-shape", "the component is already loaded");
    loaded = true;
    const read = readComponent(factory);
    if (typeof read === "string") return read;
    for (let index = 0; index < 3; index++) hooks[index] = read[0][index];
    return stringify({ ok: true, hooks: read[1] });
  };
  // Run hook number \`hook\` on a parsed input; answers JSON (see rulesBootstrapScript).
  const runHook = (hook, input) => {
    const target = hooks[hook];
    if (typeof target !== "function") return failure("bad-shape", "the component has no hook number " + hook);
    const context = {
      state: input.state,
      memory: input.memory,
      turn: input.turn,
      seed: input.seed,
      random: createRandom(input.seed, input.turn, hook),
    };
    const list = input.arguments;
    // push: an element store is slow with every intrinsic frozen (see rulesBootstrapGroup).
    list.push(context);
    const started = hookStarted();
    let result;
    try {
      result = apply(target, undefined, list);
    } catch (error) {
      return overCpuBudget(started) ? overBudgetFailure() : failure("threw", describeError(error));
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
    if (overCpuBudget(started)) return overBudgetFailure();
    return '{"ok":true,"memory":' + memoryText + valueText + "}";
  };
  const call = (hook, inputText) => {
    callStarted();
    if (typeof hooks[hook] !== "function") return failure("bad-shape", "the component has no hook number " + hook);
    return runHook(hook, parse(inputText));
  };

  // --- modifyTransition, then filterObservation on the patched observation, in one call.
  // How far the last such call got, read by \`progress\` after a timeout: 0 in
  // modifyTransition, 1 in filterObservation (\`firstAnswer\` is modifyTransition's), 2 done.
  let stage = 2;
  let firstAnswer = "";
  // The patch the host will accept and apply, or undefined (the host then calls
  // filterObservation itself): the same rules as its decoder, on the answer's own copy.
  const acceptedPatch = (answer, truncated) => {
    if (!("value" in answer)) return {};
    const patch = answer.value;
    if (patch === null || typeof patch !== "object" || isArray(patch)) return undefined;
    const keys = objectKeys(patch);
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index];
      if (key !== "text" && key !== "data" && key !== "truncated") return undefined;
    }
    if ("text" in patch && (typeof patch.text !== "string" || patch.text.length > textLimit)) return undefined;
    if ("data" in patch && (patch.data === null || typeof patch.data !== "object" || isArray(patch.data))) return undefined;
    if ("truncated" in patch && typeof patch.truncated !== "boolean") return undefined;
    if (patch.truncated === false && truncated) return undefined;
    return patch;
  };
  // inputText is modifyTransition's input with \`state\` and the transition's \`observation\`
  // left as 0; stateText and observationText are their JSON, parsed once per hook so each
  // hook gets its own copy. Answers a JSON array: modifyTransition's answer, then
  // filterObservation's when it ran (the host runs it itself otherwise).
  const callTransitionThenObservation = (inputText, observationText, stateText) => {
    callStarted();
    stage = 0;
    firstAnswer = "";
    if (typeof hooks[1] !== "function") return "[" + failure("bad-shape", "the component has no hook number 1") + "]";
    const input = parse(inputText);
    const transition = input.arguments[1];
    transition.observation = parse(observationText);
    input.state = parse(stateText);
    const truncated = transition.truncated === true;
    const turn = input.turn;
    const seed = input.seed;
    firstAnswer = runHook(1, input);
    stage = 1;
    const answer = parse(firstAnswer);
    const patch = answer.ok === true && typeof hooks[2] === "function" ? acceptedPatch(answer, truncated) : undefined;
    if (patch === undefined) {
      stage = 2;
      return "[" + firstAnswer + "]";
    }
    const observation = parse(observationText);
    const text = "text" in patch ? patch.text : observation.text;
    const data = "data" in patch ? patch.data : observation.data;
    const patched = data === undefined ? { text } : { text, data };
    const second = runHook(2, { arguments: [patched], state: parse(stateText), memory: answer.memory, turn, seed });
    stage = 2;
    return "[" + firstAnswer + "," + second + "]";
  };
  const progress = () => (stage === 1 ? firstAnswer : stage === 0 ? "" : "done");
`;
