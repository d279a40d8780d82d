/**
 * The in-memory file tree of one episode, as a view over the episode state's plain
 * `files` map and `readFiles` list (it mutates them in place, so the state stays the
 * single JSON record that `saveState` copies). Directories are implied by file paths.
 */
export class Workspace {
  constructor(
    private readonly files: Record<string, string>,
    private readonly readFiles: string[],
  ) {}

  /** Every file path, sorted. */
  paths(): string[] {
    return Object.keys(this.files).sort();
  }

  /** Whether a file exists at this (normalised) path. */
  hasFile(path: string): boolean {
    return Object.hasOwn(this.files, path);
  }

  /** Whether this (normalised) path is a directory: the root, or a prefix of some file path. */
  isDirectory(path: string): boolean {
    return path === "" || this.paths().some((file) => file.startsWith(`${path}/`));
  }

  /** A file's content; `undefined` when there is no such file. */
  read(path: string): string | undefined {
    return this.hasFile(path) ? this.files[path] : undefined;
  }

  /** Create or overwrite a file. */
  write(path: string, content: string): void {
    this.files[path] = content;
  }

  /** The files at or under a path (the path itself when it is a file), sorted. */
  filesUnder(path: string): string[] {
    if (this.hasFile(path)) return [path];
    return this.paths().filter((file) => path === "" || file.startsWith(`${path}/`));
  }

  /** The names directly inside a directory, sorted; subdirectories end with `/`. */
  entries(directory: string): string[] {
    const names = new Set<string>();
    for (const file of this.filesUnder(directory)) {
      const rest = directory === "" ? file : file.slice(directory.length + 1);
      const slash = rest.indexOf("/");
      names.add(slash < 0 ? rest : `${rest.slice(0, slash)}/`);
    }
    return [...names].sort();
  }

  /** Remember that the agent has seen this file's content (Read it, or wrote it). */
  markRead(path: string): void {
    if (!this.readFiles.includes(path)) this.readFiles.push(path);
  }

  /** Whether the agent has seen this file's content in this episode. */
  wasRead(path: string): boolean {
    return this.readFiles.includes(path);
  }
}
