import path from "node:path";
import { formatBuildEvent, type RepoTask, specTasks } from "../../bridges/repo/index.js";
import { isolationSchema } from "../../sandbox/process/index.js";
import { parseChoice } from "../parse-arguments.js";
import type { CliIo } from "../cli-io.js";
import { formatTable } from "../format-table.js";

/** Options of `envrigger repo build` and `repo list`. */
export interface RepoCommandOptions {
  json?: boolean;
  /** Build again even when the tasks of these settings are cached. */
  rebuild?: boolean;
  /** `bwrap` (default) or `none-explicit`: the sandbox validation runs use. */
  isolation?: string;
}

/** One task as `repo list --json` shows it. */
function taskListing(task: RepoTask) {
  return {
    id: task.id,
    source: task.source,
    split: task.split,
    failToPass: task.failToPass.length,
    statement: task.statement.split("\n")[0],
  };
}

/** Build (or read from the cache) a spec's tasks, a line per candidate on stderr as it goes. */
async function build(spec: string, options: RepoCommandOptions, io: CliIo) {
  const isolation = parseChoice(options.isolation ?? "bwrap", "--isolation", isolationSchema.options);
  const name = path.basename(spec.replace(/^repo:/, "").split("?")[0] ?? "").replace(/\.bundle$/, "");
  return specTasks(spec, {
    cwd: io.cwd,
    isolation,
    rebuild: options.rebuild,
    progress: (event) => io.stderr(`${formatBuildEvent(name, event)}\n`),
  });
}

/**
 * `envrigger repo build <spec> [--json] [--rebuild] [--isolation …]`: build and validate a
 * repository's tasks with a line per commit and per mutation tried, then a report: the
 * tasks kept and every candidate dropped with its reason.
 */
export async function repoBuildCommand(spec: string, options: RepoCommandOptions, io: CliIo): Promise<void> {
  const built = await build(spec, options, io);
  const dropped = built.file.validation.dropped ?? [];
  const count = (source: string) => built.file.tasks.filter((task) => task.source === source).length;
  const report = {
    spec,
    repo: built.target.name,
    commit: built.file.commit,
    taskFile: built.taskFile,
    fromCache: built.fromCache,
    tasks: { historical: count("historical"), injected: count("injected") },
    kept: built.file.tasks.map((task) => task.id),
    dropped,
  };
  if (options.json) {
    io.stdout(`${JSON.stringify(report)}\n`);
    return;
  }
  io.stdout(
    `${report.repo} at ${report.commit.slice(0, 7)}: ${report.tasks.historical} historical and ${report.tasks.injected} injected tasks${built.fromCache ? " (read from the cache; --rebuild builds again)" : ""}\n`,
  );
  if (dropped.length > 0)
    io.stdout(
      `${formatTable(
        ["dropped", "source", "reason", "detail"],
        dropped.map((entry) => [entry.candidate, entry.source, entry.reason, entry.detail.slice(0, 100)]),
      )}`,
    );
  io.stdout(`tasks kept in ${built.taskFile}\n`);
}

/** `envrigger repo list <spec> [--json]`: a repository's validated tasks (built first when none are cached). */
export async function repoListCommand(spec: string, options: RepoCommandOptions, io: CliIo): Promise<void> {
  const built = await build(spec, options, io);
  const tasks = built.file.tasks.map(taskListing);
  if (options.json) {
    io.stdout(`${JSON.stringify({ spec, repo: built.target.name, commit: built.file.commit, tasks })}\n`);
    return;
  }
  io.stdout(
    formatTable(
      ["task", "source", "split", "fail to pass", "statement"],
      tasks.map((task) => [task.id, task.source, task.split, String(task.failToPass), task.statement.slice(0, 60)]),
    ),
  );
}
