/**
 * Regenerate the checked-in task files of the bundled repositories
 * (`data/repo-tasks/<name>.json`): mine historical fixes, inject bugs, validate each tree
 * three times under isolation. Validation results are cached (`~/.cache/envrigger/validation`),
 * so a rerun only runs what is new.
 *
 *   npm run build-repo-tasks -- [NAME…] [--historical N] [--injected N] [--attempts-historical N] [--attempts-injected N]
 */
import { parseArgs } from "node:util";
import {
  buildTaskFile,
  formatBuildEvent,
  defaultTaskDirectory,
  manifestTarget,
  readRepoManifest,
  repoManifestEntry,
  taskFilePath,
  writeTaskFile,
} from "../src/bridges/repo/index.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    historical: { type: "string", default: "12" },
    injected: { type: "string", default: "22" },
    "attempts-historical": { type: "string", default: "40" },
    "attempts-injected": { type: "string", default: "40" },
    isolation: { type: "string", default: "bwrap" },
  },
});
const manifest = readRepoManifest();
const names = positionals.length > 0 ? positionals : manifest.entries.map((entry) => entry.name);
for (const name of names) {
  const target = manifestTarget(manifest, repoManifestEntry(manifest, name));
  const started = performance.now();
  const file = await buildTaskFile(target, {
    isolation: values.isolation === "none-explicit" ? "none-explicit" : "bwrap",
    historical: { tasks: Number(values.historical), attempts: Number(values["attempts-historical"]) },
    injected: { tasks: Number(values.injected), attempts: Number(values["attempts-injected"]) },
    progress: (event) => console.log(formatBuildEvent(name, event)),
  });
  writeTaskFile(taskFilePath(defaultTaskDirectory(), name), file);
  const count = (source: string) => file.tasks.filter((task) => task.source === source).length;
  console.log(
    `${name}: ${count("historical")} historical, ${count("injected")} injected tasks in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}
