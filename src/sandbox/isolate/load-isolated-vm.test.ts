import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { packageFile } from "../../core/package-root.js";
import { isolatedVm, isolatedVmBuilds, loadIsolatedVm } from "./load-isolated-vm.js";

/** A `require` that knows only `modules`; any other package is not installed, as Node says it. */
function requireOnly(modules: Record<string, unknown>): (packageName: string) => unknown {
  return (packageName) => {
    if (packageName in modules) {
      const module = modules[packageName];
      if (module instanceof Error) throw module;
      return module;
    }
    throw Object.assign(new Error(`Cannot find module '${packageName}'`), { code: "MODULE_NOT_FOUND" });
  };
}

/** Node's error for an addon compiled against another Node (NODE_MODULE_VERSION `built`, this one `needed`). */
function builtForAnotherNode(built: number, needed: number): Error {
  return Object.assign(
    new Error(
      `The module '/x/node_modules/isolated-vm-5/out/isolated_vm.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION ${built}. This version of Node.js requires\nNODE_MODULE_VERSION ${needed}. Please try re-compiling or re-installing\nthe module (for instance, using \`npm rebuild\` or \`npm install\`).`,
    ),
    { code: "ERR_DLOPEN_FAILED" },
  );
}

describe("loadIsolatedVm", () => {
  it("installs exactly its builds as package.json's optional dependencies", () => {
    const manifest = JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      optionalDependencies: Record<string, string>;
    };
    expect(manifest.optionalDependencies).toEqual(
      Object.fromEntries(isolatedVmBuilds.map((build) => [build.packageName, `npm:isolated-vm@${build.version}`])),
    );
    expect(manifest.dependencies).not.toHaveProperty("isolated-vm");
  });

  it("loads the build made for the running Node's major, preferring the first that loads", () => {
    const six = { build: 6 };
    const five = { build: 5 };
    const both = requireOnly({ "isolated-vm-6": six, "isolated-vm-5": five });
    expect(loadIsolatedVm({ nodeVersion: "24.22.3", requireModule: both })).toBe(six);
    expect(loadIsolatedVm({ nodeVersion: "22.23.5", requireModule: both })).toBe(six);
    expect(loadIsolatedVm({ nodeVersion: "22.23.5", requireModule: requireOnly({ "isolated-vm-5": five }) })).toBe(
      five,
    );
    expect(loadIsolatedVm({ nodeVersion: "20.20.2", requireModule: both })).toBe(five);
  });

  it("says in one line, naming the Node version, why no build loaded and how to fix it", () => {
    expect(() =>
      loadIsolatedVm({
        nodeVersion: "24.22.3",
        requireModule: requireOnly({ "isolated-vm-5": builtForAnotherNode(115, 137) }),
      }),
    ).toThrow(
      expect.objectContaining({
        code: "UNSUPPORTED_NODE",
        category: "user",
        // The CLI prints the message and its hint on one line; none of Node's lines leak in.
        message:
          "no isolated-vm build loads on Node 24.22.3: isolated-vm-6 (isolated-vm 6.2.0) is not installed (npm skipped it on this Node, or its build failed)" +
          "\n  hint: run `npm ci` (or `npm rebuild isolated-vm-6`) with this Node, so npm builds isolated-vm for it",
      }),
    );
    expect(() =>
      loadIsolatedVm({
        nodeVersion: "20.20.2",
        requireModule: requireOnly({ "isolated-vm-5": builtForAnotherNode(127, 115) }),
      }),
    ).toThrow(
      "no isolated-vm build loads on Node 20.20.2: isolated-vm-5 (isolated-vm 5.0.4) was built for NODE_MODULE_VERSION 127, this Node needs 115",
    );
  });

  it("refuses an unsupported Node before trying any build", () => {
    let tried = 0;
    const countingRequire = () => {
      tried += 1;
      return {};
    };
    expect(() => loadIsolatedVm({ nodeVersion: "26.1.0", requireModule: countingRequire })).toThrow(
      expect.objectContaining({
        code: "UNSUPPORTED_NODE",
        message: expect.stringMatching(/^Node 26\.1\.0 is not supported: .*install Node 24/),
      }),
    );
    expect(tried).toBe(0);
  });

  it("loads a working isolated-vm on this machine's Node", () => {
    const ivm = isolatedVm();
    const isolate = new ivm.Isolate({ memoryLimit: 16 });
    try {
      expect(isolate.compileScriptSync("6 * 7").runSync(isolate.createContextSync())).toBe(42);
    } finally {
      isolate.dispose();
    }
    expect(isolatedVm()).toBe(ivm);
  });
});
