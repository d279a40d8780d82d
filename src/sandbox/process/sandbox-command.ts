import { existsSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import type { ProcessLimits } from "./process-limits.js";

/** The file descriptor the in-sandbox wrapper writes its timing and CPU report to. */
export const REPORT_FD = 3;

/**
 * The shell wrapper around the caller's command, inside the sandbox: files it creates stay
 * writable for the next run (whose sandbox user may differ), and it reports on fd 3 the
 * command's own start and end (ns), its exit code, and `times` (CPU of the finished
 * processes) — the measurement of the command apart from the sandbox around it.
 */
const WRAPPER = `umask 000; s=$(date +%s%N); "$@"; c=$?; e=$(date +%s%N); { echo "$s $e $c"; times; } >&${REPORT_FD} 2>/dev/null; exit $c`;

/** How the sandbox is entered: as root (bwrap mounts directly, then drops to `sandboxUid`) or as a user (a user namespace). */
export interface SandboxIdentity {
  privileged: boolean;
  /** The unprivileged uid/gid a privileged sandbox runs the command as. */
  sandboxUid: number;
}

/** Where the command runs and what it may touch (absolute paths). */
export interface SandboxPaths {
  workspace: string;
  cwd: string;
  readOnlyPaths: string[];
  writablePaths: string[];
  /** Existing directories each run sees as a fresh, empty, writable tmpfs (a tool's cache inside a read-only tree). */
  scratchPaths?: string[];
}

/** Host directories a sandbox hides behind an empty tmpfs (credentials, keys, caches of other tools). */
export function hiddenHostDirectories(): string[] {
  const candidates = [homedir(), "/root", "/home"];
  return [...new Set(candidates)].filter((directory) => directory !== "/" && existsSync(directory));
}

/** The prlimit arguments for `limits`; `withProcessLimit` is false where RLIMIT_NPROC would count the host user's own processes. */
export function prlimitArguments(limits: ProcessLimits, withProcessLimit: boolean): string[] {
  return [
    "prlimit",
    // SIGXCPU at the soft limit (a signal that names the cause), SIGKILL a second later.
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--data=${limits.memoryBytes}`,
    `--fsize=${limits.fileBytes}`,
    "--core=0",
    ...(withProcessLimit ? [`--nproc=${limits.processes}`] : []),
    "--",
  ];
}

/** The command line of the wrapped command (after the sandbox and the limits). */
export function wrappedCommand(argv: string[]): string[] {
  return ["sh", "-c", WRAPPER, "sh", ...argv];
}

/**
 * The full bubblewrap command line: the host read-only, home directories hidden, a private
 * /tmp of `tmpBytes`, the workspace (and `writablePaths`) writable at their own paths, no
 * network, own pid/ipc/uts namespaces, killed with its parent; as root it drops to an
 * unprivileged uid without capabilities, so RLIMIT_NPROC applies and the host's root-only
 * files stay unreadable.
 */
export function bwrapArguments(
  argv: string[],
  paths: SandboxPaths,
  limits: ProcessLimits,
  identity: SandboxIdentity,
): string[] {
  const mounts = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
  mounts.push("--perms", "1777", "--size", String(limits.tmpBytes), "--tmpfs", "/tmp");
  const hidden = hiddenHostDirectories();
  for (const directory of hidden) mounts.push("--tmpfs", directory);
  const readOnly = withNodeInstallation(paths.readOnlyPaths);
  const writable = [paths.workspace, ...paths.writablePaths];
  // bwrap would make the missing parents of a bind on a tmpfs private (0700): make them traversable.
  for (const parent of parentsOnTmpfs([...readOnly, ...writable], ["/tmp", ...hidden]))
    mounts.push("--perms", "0755", "--dir", parent);
  for (const entry of readOnly) mounts.push("--ro-bind", entry, entry);
  for (const entry of writable) mounts.push("--bind", entry, entry);
  for (const entry of paths.scratchPaths ?? []) mounts.push("--perms", "1777", "--tmpfs", entry);
  const namespaces = identity.privileged
    ? ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]
    : ["--unshare-user", "--disable-userns", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"];
  const lifetime = ["--die-with-parent", "--new-session", "--chdir", paths.cwd];
  const user = identity.privileged
    ? [
        "--cap-add",
        "CAP_SETUID",
        "--cap-add",
        "CAP_SETGID",
        "--",
        "setpriv",
        `--reuid=${identity.sandboxUid}`,
        `--regid=${identity.sandboxUid}`,
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
      ]
    : [];
  return [
    "bwrap",
    ...mounts,
    ...namespaces,
    ...lifetime,
    ...user,
    "--",
    ...prlimitArguments(limits, true),
    ...wrappedCommand(argv),
  ];
}

/** The directories between a tmpfs root and each path under it (outermost first, each once). */
export function parentsOnTmpfs(paths: string[], tmpfsRoots: string[]): string[] {
  const parents = new Set<string>();
  for (const entry of paths) {
    const root = tmpfsRoots.find((candidate) => candidate !== entry && isInside(entry, candidate));
    if (!root) continue;
    const chain: string[] = [];
    for (let parent = path.dirname(entry); parent !== root && isInside(parent, root); parent = path.dirname(parent))
      chain.unshift(parent);
    for (const parent of chain) parents.add(parent);
  }
  return [...parents];
}

/** `paths` plus the running node's installation when a hidden directory would cover it (nvm, volta, …). */
function withNodeInstallation(paths: string[]): string[] {
  const installation = path.dirname(path.dirname(process.execPath));
  const hidden = hiddenHostDirectories().some((directory) => isInside(installation, directory));
  return hidden ? [...paths, installation] : paths;
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** The minimal environment of a sandboxed command: the running node first on PATH, a private HOME and TMPDIR. */
export function sandboxEnvironment(extra: Record<string, string>): Record<string, string> {
  const nodeDirectory = path.dirname(process.execPath);
  return {
    PATH: `${nodeDirectory}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
    HOME: "/tmp",
    TMPDIR: "/tmp",
    LANG: "C.UTF-8",
    ...extra,
  };
}
