import { resolve } from "node:path";
import { writeRunReport } from "../../report/write-run-report.js";
import type { CliIo } from "../cli-io.js";

/** Raw options of `envrigger report`. */
export interface ReportCommandOptions {
  json?: boolean;
}

/**
 * `envrigger report runs/<id>`: write the run's self-contained `report.html` and print
 * its path (`--json`: `{ "path": … }`). A curriculum run (`run.json`), a training run
 * (`training.json`) or an experiment (`experiment.json`); any other directory is not a run.
 */
export async function reportCommand(
  runDirectory: string,
  options: ReportCommandOptions,
  io: CliIo,
): Promise<{ path: string }> {
  const written = await writeRunReport(resolve(io.cwd, runDirectory));
  io.stdout(options.json ? `${JSON.stringify({ path: written.path })}\n` : `report: ${written.path}\n`);
  return written;
}
