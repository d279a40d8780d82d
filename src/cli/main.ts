import { unsupportedNodeReason } from "../core/supported-node.js";
import { processIo } from "./cli-io.js";
import { runCli } from "./program.js";

const unsupported = unsupportedNodeReason(process.versions.node);
if (unsupported === undefined) process.exitCode = await runCli(process.argv.slice(2), processIo());
else {
  process.stderr.write(`error [UNSUPPORTED_NODE]: ${unsupported}\n`);
  process.exitCode = 1;
}
