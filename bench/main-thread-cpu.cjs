// The CPU of a process's main thread, for the textworld-native bench: read in the bench's own
// process (`mainThreadCpuMs`), and, preloaded into a CLI process it measures (`node --require`)
// with ENVRIGGER_MAIN_THREAD_CPU_FILE set, appended to that file as a line when the process exits.
// The rest of a process's CPU is V8's background threads (its optimising compiler, garbage
// collector helpers). CommonJS, so that `--require` can preload it.
const { appendFileSync, existsSync, readFileSync } = require("node:fs");

/** Where Linux keeps the CPU of this process's main thread. */
const stat = `/proc/self/task/${process.pid}/stat`;

/**
 * CPU ms of this process's main thread so far, at the kernel's clock-tick resolution (Linux's
 * USER_HZ, 100 a second); null where the system does not say.
 * @returns {number | null}
 */
function mainThreadCpuMs() {
  if (!existsSync(stat)) return null;
  const text = readFileSync(stat, "utf8");
  // After the command name, which ends at the last ")": utime is the 14th field, stime the 15th.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const target = process.env.ENVRIGGER_MAIN_THREAD_CPU_FILE;
if (target && existsSync(stat)) process.on("exit", () => appendFileSync(target, `${mainThreadCpuMs()}\n`));

module.exports = { mainThreadCpuMs };
