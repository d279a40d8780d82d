/**
 * The source of a CommonJS module every node process of a test run preloads
 * (`NODE_OPTIONS=--require …`), which reports each test as it ends, one JSON line
 * `{file, suite, name, status}` appended to `ENVRIGGER_TEST_REPORT`. It hooks the runners
 * that print no per-test machine-readable output of their own, where their public API
 * registers a test: uvu (`test`, `suite`, `.only`, `.skip`; a test passes when its handler
 * resolves), tape (the harness function; a test fails when any of its assertions does) and
 * mocha (the runner's `pass`/`fail`/`pending` events). The test file is read off the stack
 * where the test was registered. In any other process (npm, a build tool) it only looks at
 * module names. Plain ES2019 and only node built-ins: it runs inside the sandbox, in
 * whatever node and module system the repository uses.
 */
export const TEST_REPORTER_HOOK_SOURCE = String.raw`"use strict";
const Module = require("module");
const fs = require("fs");
const path = require("path");
const reportFile = process.env.ENVRIGGER_TEST_REPORT;
const root = process.env.ENVRIGGER_TEST_ROOT || process.cwd();
if (reportFile && !global.__envriggerTestReporter) {
  global.__envriggerTestReporter = true;
  const onlyFiles = process.env.ENVRIGGER_TEST_FILES ? JSON.parse(process.env.ENVRIGGER_TEST_FILES) : null;
  const allowed = (file) => !onlyFiles || onlyFiles.indexOf(file) >= 0;
  const emitter = (runner) => (file, suite, name, status) => {
    try {
      fs.appendFileSync(reportFile, JSON.stringify({ runner, file, suite, name: String(name), status }) + "\n");
    } catch (error) {}
  };
  const callerFile = () => {
    const lines = String(new Error().stack).split("\n").slice(2);
    for (const line of lines) {
      const match = /\(?((?:file:\/\/)?\/[^()]+?):\d+:\d+\)?\s*$/.exec(line);
      if (!match) continue;
      const file = match[1].replace(/^file:\/\//, "");
      if (file === __filename || file.indexOf("/node_modules/") >= 0 || file.indexOf("node:") === 0) continue;
      return path.relative(root, file);
    }
    return "";
  };
  const wrapUvu = (test, suiteName) => {
    const emit = emitter("uvu");
    const suite = suiteName ? [String(suiteName)] : [];
    const record = (file, name, handler) =>
      async function (...args) {
        try {
          const value = await handler.apply(this, args);
          emit(file, suite, name, "pass");
          return value;
        } catch (error) {
          emit(file, suite, name, "fail");
          throw error;
        }
      };
    const register = (add) =>
      function (name, handler) {
        const file = callerFile();
        if (!allowed(file)) return undefined;
        return add(name, typeof handler === "function" ? record(file, name, handler) : handler);
      };
    const wrapped = register(test);
    Object.assign(wrapped, test);
    wrapped.only = register(test.only);
    wrapped.skip = (name, ...rest) => {
      const file = callerFile();
      if (!allowed(file)) return undefined;
      emit(file, suite, name, "skip");
      return test.skip(name, ...rest);
    };
    return wrapped;
  };
  const patchUvu = (uvu) => {
    if (uvu.__envriggerPatched) return;
    Object.defineProperty(uvu, "__envriggerPatched", { value: true });
    const suite = uvu.suite;
    uvu.suite = (name, state) => wrapUvu(suite(name, state), name);
    uvu.test = wrapUvu(uvu.test, "");
  };
  const emitTape = emitter("tape");
  const watchTape = (t, file, parents) => {
    if (!t || typeof t.on !== "function") return;
    let failed = false;
    t.on("result", (result) => {
      if (result && typeof result === "object" && !result.ok && !result.todo) failed = true;
    });
    t.on("test", (child) => watchTape(child, file, parents.concat([String(t.name)])));
    t.on("end", () => emitTape(file, parents, t.name, t._skip ? "skip" : failed ? "fail" : "pass"));
  };
  const wrapTape = (tape) => {
    const wrap = (create) =>
      function (...args) {
        const file = callerFile();
        if (!allowed(file)) return undefined;
        const t = create.apply(this, args);
        watchTape(t, file, []);
        return t;
      };
    const wrapped = wrap(tape);
    Object.assign(wrapped, tape);
    if (typeof tape.only === "function") wrapped.only = wrap(tape.only);
    if (typeof tape.skip === "function") wrapped.skip = wrap(tape.skip);
    return wrapped;
  };
  const patchMochaRunner = (Runner) => {
    const run = Runner.prototype.run;
    const emit = emitter("mocha");
    const relative = (file) => (file ? path.relative(root, file) : "");
    const keep = (suite) => {
      suite.tests = suite.tests.filter((test) => allowed(relative(test.file)));
      suite.suites.forEach(keep);
    };
    Runner.prototype.run = function (...args) {
      if (onlyFiles && this.suite) keep(this.suite);
      const titles = (runnable) => (typeof runnable.titlePath === "function" ? runnable.titlePath() : [runnable.title]);
      const report = (runnable, status) => {
        const chain = titles(runnable);
        emit(relative(runnable.file), chain.slice(0, -1), chain[chain.length - 1], status);
      };
      this.on("pass", (test) => report(test, "pass"));
      this.on("fail", (test) => report(test, "fail"));
      this.on("pending", (test) => report(test, "skip"));
      return run.apply(this, args);
    };
  };
  // The uvu CLI: patch its module up front, for loaders (esm) that import it without Module._load.
  if (/[\/]uvu([\/]bin\.js)?$/.test(process.argv[1] || "")) {
    try {
      patchUvu(require(require.resolve("uvu", { paths: [root] })));
    } catch (error) {}
  }
  const replaced = new Map();
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const exports = load.apply(this, arguments);
    if (replaced.has(exports)) return replaced.get(exports);
    try {
      const from = parent && parent.filename ? parent.filename : "";
      if (request === "uvu" && exports && typeof exports.suite === "function" && !exports.__envriggerPatched) {
        patchUvu(exports);
        replaced.set(exports, exports);
      } else if (request === "tape" && typeof exports === "function") {
        const wrapped = wrapTape(exports);
        replaced.set(exports, wrapped);
        return wrapped;
      } else if (/(^|\/)runner(\.js)?$/.test(request) && /[\/\\]mocha[\/\\]lib[\/\\]/.test(from) && typeof exports === "function" && exports.prototype && typeof exports.prototype.run === "function") {
        patchMochaRunner(exports);
        replaced.set(exports, exports);
      }
    } catch (error) {}
    return exports;
  };
}
`;
