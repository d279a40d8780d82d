import type { ChildProcess } from "node:child_process";

/** The URL an `envrigger serve --json` child prints on its first line (rejects if it exits first). */
export function servedUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (chunk) => {
      text += String(chunk);
      if (text.includes("\n")) resolve((JSON.parse(text.split("\n")[0]!) as { url: string }).url);
    });
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}`)));
  });
}
