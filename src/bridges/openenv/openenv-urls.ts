import { EnvriggerError } from "../../core/errors.js";

/** Where an OpenEnv server answers: the HTTP base (for `/health`, `/schema`) and the session socket (`/ws`). */
export interface OpenEnvUrls {
  httpBase: string;
  webSocketUrl: string;
}

const httpOf: Record<string, string> = { "http:": "http:", "https:": "https:", "ws:": "http:", "wss:": "https:" };
const webSocketOf: Record<string, string> = { "http:": "ws:", "https:": "wss:", "ws:": "ws:", "wss:": "wss:" };

/**
 * Resolve the URL given to `--env openenv:<url>`: `http(s)://` or `ws(s)://`, the server's
 * base (a trailing `/ws` or `/` is dropped), like OpenEnv's `EnvClient` does with its
 * `base_url`. Anything else — a malformed URL, another scheme, a query or fragment — is a
 * `BAD_CONFIG` error.
 */
export function resolveOpenEnvUrls(url: string): OpenEnvUrls {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new EnvriggerError("BAD_CONFIG", `"${url}" is not a URL`, {
      hint: "give the OpenEnv server's address, e.g. openenv:http://127.0.0.1:8000",
    });
  }
  const http = httpOf[parsed.protocol];
  const webSocket = webSocketOf[parsed.protocol];
  if (!http || !webSocket) {
    throw new EnvriggerError(
      "BAD_CONFIG",
      `the OpenEnv URL "${url}" must start with http://, https://, ws:// or wss://`,
    );
  }
  if (parsed.search !== "" || parsed.hash !== "") {
    throw new EnvriggerError("BAD_CONFIG", `the OpenEnv URL "${url}" must not have a query or fragment`);
  }
  const path = parsed.pathname.replace(/\/+$/, "").replace(/\/ws$/, "");
  const authority = parsed.host;
  return { httpBase: `${http}//${authority}${path}`, webSocketUrl: `${webSocket}//${authority}${path}/ws` };
}
