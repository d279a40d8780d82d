import { EnvriggerError } from "../../core/errors.js";
import type { GlkContentRun, GlkDisplay, GlkGameInterface, GlkInputEvent, GlkUpdate } from "./z-machine-libraries.js";

/**
 * Fixed window metrics (80 × 25 characters), whatever the terminal: status lines are padded
 * to the width, so a width read from the terminal would make transcripts differ by machine.
 */
const fixedMetrics = {
  buffercharheight: 1,
  buffercharwidth: 1,
  buffermarginx: 0,
  buffermarginy: 0,
  graphicsmarginx: 0,
  graphicsmarginy: 0,
  gridcharheight: 1,
  gridcharwidth: 1,
  gridmarginx: 0,
  gridmarginy: 0,
  height: 25,
  inspacingx: 0,
  inspacingy: 0,
  outspacingx: 0,
  outspacingy: 0,
  width: 80,
};

/** The style glkapi gives the echo of a typed line; it is the player's text, not the game's. */
const INPUT_STYLE = "input";

/** What the game waits for: a line or a key in a window. */
interface InputRequest {
  window: number;
  type: "line" | "char";
}

/** The text of content runs, skipping runs in `skipStyle`. */
function runsText(runs: readonly GlkContentRun[], skipStyle: string | null): string {
  let text = "";
  for (let index = 0; index < runs.length; index++) {
    const run = runs[index];
    if (typeof run === "string") {
      const value = runs[index + 1];
      index += 1;
      if (run !== skipStyle && typeof value === "string") text += value;
    } else if (run.style !== skipStyle && typeof run.text === "string") {
      text += run.text;
    }
  }
  return text;
}

/**
 * A GlkOte display without a terminal: it collects what the game prints in its buffer
 * window (without the echo of typed commands, which glkapi prints in the `input` style),
 * keeps the first line of the grid window as the status line, and remembers which input
 * the game waits for. Everything runs synchronously: sending an event returns after the
 * game has run to its next input request. File prompts (`save`, `restore`, `script`) are
 * answered right after the event that raised them: no file to write, no file to read.
 */
export class HeadlessGlkDisplay implements GlkDisplay {
  /** True once the game has quit. */
  exited = false;
  private gameInterface: GlkGameInterface | null = null;
  private generation = 0;
  private readonly windowTypes = new Map<number, string>();
  private printed = "";
  private status = "";
  private input: InputRequest | null = null;
  /** The mode of a file prompt raised by the last event (`read`, `write`, …), answered once the event returns. */
  private pendingFilePrompt: string | null = null;

  init(gameInterface: GlkGameInterface): void {
    this.gameInterface = gameInterface;
    this.respond({ type: "init", metrics: { ...fixedMetrics }, support: [] });
  }

  update(data: GlkUpdate): void {
    if (data.type === "error")
      throw new EnvriggerError("INTERNAL", `the Z-machine interpreter failed: ${data.message ?? "unknown error"}`);
    if (data.type !== "update" && data.type !== "exit") return;
    if (data.gen <= this.generation) return;
    this.generation = data.gen;
    for (const window of data.windows ?? []) this.windowTypes.set(window.id, window.type);
    for (const content of data.content ?? []) {
      if (this.windowTypes.get(content.id) === "grid") {
        const first = content.lines?.find((line) => line.line === 0);
        if (first) this.status = runsText(first.content ?? [], null);
        continue;
      }
      for (const paragraph of content.text ?? []) {
        if (!paragraph.append) this.printed += "\n";
        this.printed += runsText(paragraph.content ?? [], INPUT_STYLE);
      }
    }
    if (data.input) {
      const request = data.input.find((entry) => entry.type === "line" || entry.type === "char");
      this.input = request ? { window: request.id, type: request.type as InputRequest["type"] } : null;
    }
    if (data.specialinput) {
      if (data.specialinput.type !== "fileref_prompt")
        throw new EnvriggerError("INTERNAL", `unsupported Glk special input ${data.specialinput.type}`);
      this.pendingFilePrompt = data.specialinput.filemode ?? "read";
    }
    if (data.type === "exit") {
      this.exited = true;
      this.input = null;
    }
  }

  /** True while the game waits for a line or a key. */
  get waiting(): boolean {
    return this.input !== null && !this.exited;
  }

  /** True while the game waits for a line (not a key). */
  get waitingForLine(): boolean {
    return this.waiting && this.input?.type === "line";
  }

  /** The status line as last drawn (padding included). */
  get statusLine(): string {
    return this.status;
  }

  /** Send a command: a line for line input, its first character (or return) for key input. */
  send(command: string): void {
    const input = this.input;
    if (input === null || this.exited) throw new EnvriggerError("INTERNAL", "the game does not wait for input");
    if (input.type === "line") this.respond({ type: "line", window: input.window, value: command });
    else this.respond({ type: "char", window: input.window, value: command.length > 0 ? command[0] : "return" });
    while (this.pendingFilePrompt !== null) {
      // glkapi cannot take "cancelled" for a read prompt: name a file that does not exist instead.
      const value = this.pendingFilePrompt === "read" ? { filename: "no-such-file" } : null;
      this.pendingFilePrompt = null;
      this.respond({ type: "specialresponse", response: "fileref_prompt", value });
    }
  }

  /** The text printed since the last call. */
  takeText(): string {
    const text = this.printed;
    this.printed = "";
    return text;
  }

  log(): void {}

  warning(): void {}

  error(message: string): void {
    throw new EnvriggerError("INTERNAL", `Glk display error: ${message}`);
  }

  save_allstate(): Record<string, never> {
    return {};
  }

  private respond(event: { type: string; [key: string]: unknown }): void {
    if (this.gameInterface === null) throw new EnvriggerError("INTERNAL", "the Glk display was not initialised");
    const message: GlkInputEvent = { ...event, gen: this.generation };
    this.gameInterface.accept(message);
  }
}
