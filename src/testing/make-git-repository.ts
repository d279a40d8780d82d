import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** One commit of a made-up repository: files written, then committed with `subject`. */
export interface GitRevision {
  subject: string;
  files: Record<string, string>;
}

/**
 * A fresh git repository in a temporary directory with one commit per revision (fixed
 * author and dates, so the same revisions give the same commits). Returns its directory;
 * the caller removes it.
 */
export function makeGitRepository(revisions: readonly GitRevision[], prefix = "envrigger-repo-"): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const git = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: dir,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "envrigger",
        GIT_AUTHOR_EMAIL: "envrigger@example.org",
        GIT_COMMITTER_NAME: "envrigger",
        GIT_COMMITTER_EMAIL: "envrigger@example.org",
        GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z",
        GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
      },
    });
  git("init", "--quiet", "--initial-branch=main");
  for (const revision of revisions) {
    for (const [file, content] of Object.entries(revision.files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    git("add", "-A");
    git("commit", "--quiet", "-m", revision.subject);
  }
  return dir;
}
