/**
 * The Node.js release lines envrigger runs on. `package.json`'s `engines.node` is
 * {@link supportedNodeRange} (a test pins it), the CLI refuses any other Node with one line
 * ({@link unsupportedNodeReason}), and the isolated-vm loader picks its build by the major.
 */
export interface SupportedNodeLine {
  /** The major version, e.g. `24`. */
  major: number;
  /** The oldest release of the line that is supported, e.g. `"20.19.0"` (require of ES modules unflagged). */
  minimum: string;
}

/** The supported lines, oldest first: the maintenance and active LTS lines and Node 20. */
export const supportedNodeLines: readonly SupportedNodeLine[] = [
  { major: 20, minimum: "20.19.0" },
  { major: 22, minimum: "22.12.0" },
  { major: 24, minimum: "24.0.0" },
];

/** The semver range of {@link supportedNodeLines}, as `engines.node` states it. */
export const supportedNodeRange = supportedNodeLines.map((line) => `^${line.minimum}`).join(" || ");

/** The release line of `version` (e.g. `"24.22.3"`) when it is supported, else `undefined`. */
export function supportedNodeLineOf(version: string): SupportedNodeLine | undefined {
  const [major, minor, patch] = numbersOf(version);
  const line = supportedNodeLines.find((candidate) => candidate.major === major);
  if (line === undefined) return undefined;
  const [, minimumMinor, minimumPatch] = numbersOf(line.minimum);
  const atLeast = minor > minimumMinor || (minor === minimumMinor && patch >= minimumPatch);
  return atLeast ? line : undefined;
}

/**
 * Why envrigger cannot run on Node `version`, in one line that names the version and the
 * fix, or `undefined` when the version is supported.
 */
export function unsupportedNodeReason(version: string): string | undefined {
  if (supportedNodeLineOf(version) !== undefined) return undefined;
  const lines = supportedNodeLines.map((line) => `${line.major} (≥ ${line.minimum})`).join(", ");
  const newest = supportedNodeLines[supportedNodeLines.length - 1].major;
  return `Node ${version} is not supported: envrigger runs on Node ${lines}; install Node ${newest} (or another of these) and run \`npm ci\` again with it`;
}

function numbersOf(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version
    .replace(/^v/, "")
    .split(/[.-]/)
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor, patch];
}
