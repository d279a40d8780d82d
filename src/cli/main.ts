import { unsupportedNodeReason } from "../core/supported-node.js";
import { processIo } from "./cli-io.js";
import { exitWhenDone } from "./exit-when-done.js";
import { runCli } from "./program.js";

const unsupported = unsupportedNodeReason(process.versions.node);
if (unsupported === undefined) {
  process.exitCode = await runCli(process.argv.slice(2), processIo());
  exitWhenDone(process.exitCode, { stderr: (text) => process.stderr.write(text) });
} else {
  process.stderr.write(`error [UNSUPPORTED_NODE]: ${unsupported}\n`);
  process.exitCode = 1;
}
