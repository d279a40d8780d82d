/**
 * A task's working tree: the directory an agent edits and the tests run in. `reset` brings
 * it back to exactly its start state (changed, deleted and added files and directories);
 * `dispose` removes it.
 */
export interface Workspace {
  /** The absolute path of the working tree. */
  readonly dir: string;
  /** Restore the start state: every file's content and mode, no file or directory more or less. */
  reset(): Promise<void>;
  /** Delete the working tree (the prepared checkout it came from stays). */
  dispose(): Promise<void>;
}
