import { createRequire } from "node:module";
import type IsolatedVm from "isolated-vm";
import { EnvriggerError } from "../../core/errors.js";
import { supportedNodeLineOf, unsupportedNodeReason } from "../../core/supported-node.js";

/** The isolated-vm module: `Isolate`, `Context`, `Reference`, `ExternalCopy`, `Callback`, … */
export type IsolatedVmModule = typeof IsolatedVm;

/** One isolated-vm build envrigger installs, under an npm alias of its own. */
export interface IsolatedVmBuild {
  /** The alias in package.json's `optionalDependencies`, e.g. `isolated-vm-6`. */
  packageName: string;
  /** The isolated-vm version the alias installs. */
  version: string;
  /** The Node majors it builds and runs on. */
  nodeMajors: readonly number[];
}

/**
 * The isolated-vm builds, in the order the loader tries them; package.json's
 * `optionalDependencies` install exactly these (a test pins it). No one version covers
 * every supported Node: 6.2.0 ships prebuilt binaries for Node 22 and 24 but does not
 * compile on 20 (npm skips it there: its `engines` say ≥ 22); 5.0.4 compiles on 20 and 22
 * but not against Node 24's V8 headers (npm drops it there, being optional).
 */
export const isolatedVmBuilds: readonly IsolatedVmBuild[] = [
  { packageName: "isolated-vm-6", version: "6.2.0", nodeMajors: [22, 24] },
  { packageName: "isolated-vm-5", version: "5.0.4", nodeMajors: [20, 22] },
];

/** Options of {@link loadIsolatedVm}; the defaults are the running process's. */
export interface LoadIsolatedVmOptions {
  /** The Node version to load for (default `process.versions.node`). */
  nodeVersion?: string;
  /** Loads a package by name (default: `require` from this module). */
  requireModule?: (packageName: string) => unknown;
}

/**
 * The isolated-vm build for the running Node: the first of {@link isolatedVmBuilds} made
 * for its major that loads. Throws `UNSUPPORTED_NODE` with one line naming the Node
 * version, why each build did not load, and the fix, when none does.
 */
export function loadIsolatedVm(options: LoadIsolatedVmOptions = {}): IsolatedVmModule {
  const nodeVersion = options.nodeVersion ?? process.versions.node;
  const requireModule = options.requireModule ?? createRequire(import.meta.url);
  const line = supportedNodeLineOf(nodeVersion);
  if (line === undefined) throw new EnvriggerError("UNSUPPORTED_NODE", unsupportedNodeReason(nodeVersion) ?? "");
  const builds = isolatedVmBuilds.filter((build) => build.nodeMajors.includes(line.major));
  const failures: string[] = [];
  for (const build of builds) {
    try {
      return requireModule(build.packageName) as IsolatedVmModule;
    } catch (error) {
      failures.push(`${build.packageName} (isolated-vm ${build.version}) ${whyNotLoaded(build.packageName, error)}`);
    }
  }
  const names = builds.map((build) => build.packageName).join(" ");
  throw new EnvriggerError(
    "UNSUPPORTED_NODE",
    `no isolated-vm build loads on Node ${nodeVersion}: ${failures.join("; ")}`,
    {
      hint: `run \`npm ci\` (or \`npm rebuild ${names}\`) with this Node, so npm builds isolated-vm for it`,
    },
  );
}

let loaded: IsolatedVmModule | undefined;

/** The isolated-vm module for the running Node, loaded on first use ({@link loadIsolatedVm}). */
export function isolatedVm(): IsolatedVmModule {
  loaded ??= loadIsolatedVm();
  return loaded;
}

/** Why `packageName` did not load, in a few words: not installed, built for another Node, or Node's first line. */
function whyNotLoaded(packageName: string, error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === "string" ? message : String(error);
  if (code === "MODULE_NOT_FOUND" && text.includes(`'${packageName}'`))
    return "is not installed (npm skipped it on this Node, or its build failed)";
  const versions = /NODE_MODULE_VERSION (\d+)[\s\S]*NODE_MODULE_VERSION (\d+)/.exec(text);
  if (versions !== null) return `was built for NODE_MODULE_VERSION ${versions[1]}, this Node needs ${versions[2]}`;
  return `did not load: ${text.split("\n")[0]}`;
}
