import { EnvriggerError } from "../../core/errors.js";
import { HeadlessGlkDisplay } from "./headless-glk-display.js";
import { MemoryDialog } from "./memory-dialog.js";
import { captureRewindImage, type RewindImage, rewindMachine } from "./z-machine-rewind.js";
import {
  decodeZMachineSnapshot,
  encodeZMachineSnapshot,
  type ZMachineSnapshot,
  type ZvmAutosave,
} from "./z-machine-snapshot.js";
import { type CompiledRoutines, type GlkOptions, type ZvmInstance, zMachineLibraries } from "./z-machine-libraries.js";

/**
 * Which interpreter plays: `ifvms-tuned` (the default: ifvms' ZVM made cheap for V8 to run,
 * see `tuned-zvm.ts`) or `ifvms` as published — same code, same transcripts.
 */
export type ZMachineInterpreter = "ifvms" | "ifvms-tuned";

/** What the game printed in answer to one input, and where it stands. */
export interface ZMachineOutput {
  /** Printed text (the echo of the command left out). */
  text: string;
  /** The status line as drawn after the turn (padding included). */
  statusLine: string;
  /** True while the game waits for more input; false once it quit. */
  waiting: boolean;
}

/** Options of {@link ZMachineSession.start}. */
export interface ZMachineSessionOptions {
  /** The story file; the session works on its own copy. */
  story: Uint8Array;
  /**
   * The interpreter seed (a non-zero 32-bit integer). The Xorshift RNG gets it whenever the
   * game restarts or asks to be reseeded randomly, so no draw ever falls back to `Math.random`.
   */
  seed: number;
  /**
   * Compiled routines of this story (ZVM's `jit` cache), shared by sessions of one env: plain
   * functions of the machine. Best made by `compiledRoutineTable(story.length)`.
   */
  compiledRoutines: CompiledRoutines;
  /** The interpreter (default `ifvms-tuned`). */
  interpreter?: ZMachineInterpreter;
  /** Resume this paused game instead of starting the story. */
  snapshot?: ZMachineSnapshot;
}

/** Keep every random draw on the seeded Xorshift generator (ZVM falls back to `Math.random` at seed 0). */
function pinRandomness(machine: ZvmInstance, pinned: { seed: number }): void {
  const updateHeader = machine.update_header;
  machine.update_header = function (this: ZvmInstance) {
    updateHeader.call(this);
    this.xorshift_seed = pinned.seed;
  };
  const random = machine.random;
  machine.random = function (this: ZvmInstance, range: number) {
    if (range !== 0) return random.call(this, range);
    this.xorshift_seed = pinned.seed;
    return 0;
  };
}

/**
 * Each snapshot's {@link RewindImage}, taken when a session first resumes it (null: that
 * snapshot cannot be rewound to); snapshots are immutable.
 */
const rewindImages = new WeakMap<ZMachineSnapshot, RewindImage | null>();

/**
 * One running game: an `ifvms` ZVM driven headless through its own glkapi instance (see
 * {@link zMachineLibraries}), a {@link HeadlessGlkDisplay} and a {@link MemoryDialog}.
 * Sessions share no state, so any number of them run side by side in one thread; every call
 * is synchronous and returns once the game waits for input again.
 */
export class ZMachineSession {
  private constructor(
    private readonly machine: ZvmInstance,
    private readonly display: HeadlessGlkDisplay,
    private readonly dialog: MemoryDialog,
    /** The seed the RNG returns to on a restart or a request to reseed randomly. */
    private readonly pinned: { seed: number },
    /** What the game printed before its first prompt (for a resumed game: glkapi's replay, of no use). */
    readonly startOutput: ZMachineOutput,
  ) {}

  /** Start the story (or resume `options.snapshot`) and run it to its first prompt. */
  static start(options: ZMachineSessionOptions): ZMachineSession {
    const libraries = zMachineLibraries();
    const tuned = options.interpreter !== "ifvms";
    const glk = tuned ? libraries.createTunedGlkApi() : libraries.createGlkApi();
    const display = new HeadlessGlkDisplay();
    const autosave: ZvmAutosave | null = options.snapshot ? decodeZMachineSnapshot(options.snapshot) : null;
    const dialog = new MemoryDialog(autosave);
    const machine = tuned ? new libraries.TunedZvm() : new libraries.Zvm();
    machine.jit = options.compiledRoutines;
    const glkOptions: GlkOptions = {
      vm: machine,
      Glk: glk,
      GlkOte: display,
      Dialog: dialog,
      GiDispa: new libraries.ZvmDispatch(),
    };
    machine.prepare(options.story.slice(), { ...glkOptions, do_vm_autosave: autosave !== null });
    const pinned = { seed: options.seed };
    pinRandomness(machine, pinned);
    glk.init(glkOptions);
    // ZVM answers a snapshot it cannot resume by emptying the slot and starting the story afresh.
    if (autosave !== null && dialog.emptied)
      throw new EnvriggerError("INTERNAL", "the interpreter could not resume the snapshot");
    dialog.takeSnapshot();
    if (!display.waiting)
      throw new EnvriggerError(
        "INTERNAL",
        "the story did not reach its first prompt (not a playable Z-machine story?)",
      );
    if (options.snapshot && !rewindImages.has(options.snapshot))
      rewindImages.set(options.snapshot, display.waitingForLine ? captureRewindImage(machine) : null);
    return new ZMachineSession(machine, display, dialog, pinned, {
      text: display.takeText(),
      statusLine: display.statusLine,
      waiting: true,
    });
  }

  /** True while the game waits for input. */
  get waiting(): boolean {
    return this.display.waiting;
  }

  /** Give the RNG a new state (used right after resuming a shared starting snapshot). */
  reseed(seed: number): void {
    this.machine.xorshift_seed = seed;
  }

  /**
   * Put this game back to `snapshot` in place, as `ZMachineSession.start({ snapshot, seed })`
   * would resume it in a new session, at a fraction of the cost (no new Glk library, no story
   * copy, no Quetzal decoding): the Z-machine's state is copied from the image taken when a
   * session first resumed that snapshot. Only between line prompts of the same story, the
   * game still running and that snapshot resumed before; false (nothing changed) otherwise,
   * and the caller resumes the snapshot in a new session. What the game printed on resuming
   * is not repeated (`startOutput` keeps this session's first).
   */
  rewind(snapshot: ZMachineSnapshot, seed: number): boolean {
    const image = rewindImages.get(snapshot);
    if (!image || !this.display.waitingForLine || !rewindMachine(this.machine, image)) return false;
    this.pinned.seed = seed;
    return true;
  }

  /** Type a command (one line) and run the game to its next prompt. */
  send(command: string): ZMachineOutput {
    this.display.send(command);
    return { text: this.display.takeText(), statusLine: this.display.statusLine, waiting: this.display.waiting };
  }

  /**
   * The parent of every object of the game's object tree (index = object number; index 0
   * unused): the containment the game's world model keeps (rooms, containers, the player).
   */
  objectParents(): number[] {
    const machine = this.machine;
    const entry = machine.version3 ? 9 : 14;
    // The object entries end where the first object's property table begins.
    const firstProperties = machine.m.getUint16(machine.objects + entry + (machine.version3 ? 7 : 12));
    const count = Math.floor((firstProperties - (machine.objects + entry)) / entry);
    const parents = [0];
    for (let object = 1; object <= count; object++) parents.push(machine.get_parent(object));
    return parents;
  }

  /**
   * Move an object in the game's object tree (the Z-machine's own `insert_obj`), between
   * turns and without running any of the game's code: no rule fires, no turn passes.
   */
  moveObject(object: number, destination: number): void {
    if (!this.display.waiting) throw new EnvriggerError("INTERNAL", "a game that quit cannot be changed");
    this.machine.insert_obj(object, destination);
  }

  /** The paused game as JSON (2–5 ms); resume it with `ZMachineSession.start({snapshot})`. */
  snapshot(): ZMachineSnapshot {
    if (!this.display.waiting) throw new EnvriggerError("INTERNAL", "a game that quit cannot be snapshotted");
    this.machine.do_autosave();
    const autosave = this.dialog.takeSnapshot() as ZvmAutosave | null;
    if (autosave === null) throw new EnvriggerError("INTERNAL", "the interpreter wrote no snapshot");
    return encodeZMachineSnapshot(autosave);
  }
}
