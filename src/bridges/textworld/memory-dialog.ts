/**
 * The file layer ("Dialog") a game session gives glkapi and ZVM: no files at all, and an
 * in-memory autosave slot. ZVM reads the slot when it starts with `do_vm_autosave` (that is
 * how a session resumes a snapshot) and writes it on `do_autosave()` (how one is taken).
 * A game's own `save`, `restore` or `script` commands find no files and fail politely.
 */
export class MemoryDialog {
  /** glkapi's non-streaming file API. */
  readonly streaming = false;
  /** True once ZVM emptied the slot (what it does when a snapshot fails to resume). */
  emptied = false;
  private slot: unknown;

  constructor(snapshot: unknown = null) {
    this.slot = snapshot;
  }

  /** Take the snapshot written by the last `do_autosave()` (and empty the slot). */
  takeSnapshot(): unknown {
    const snapshot = this.slot;
    this.slot = null;
    return snapshot;
  }

  autosave_read(): unknown {
    return this.slot;
  }

  autosave_write(_signature: string, snapshot: unknown): void {
    this.slot = snapshot;
    if (snapshot === null) this.emptied = true;
  }

  file_clean_fixed_name(name: string): string {
    return name;
  }

  file_construct_ref(filename: string, usage: string, gameid: string): object {
    return { filename, usage, gameid };
  }

  file_construct_temp_ref(usage: string): object {
    return { filename: "temporary", usage };
  }

  file_ref_exists(): boolean {
    return false;
  }

  file_remove_ref(): void {}

  file_read(): null {
    return null;
  }

  file_write(): boolean {
    return false;
  }

  file_fopen(): null {
    return null;
  }
}
