import { EnvriggerError } from "../core/errors.js";
import { redactSecrets } from "./redact-secrets.js";

/** How to reach an OpenAI-compatible endpoint, from the environment. */
export interface OpenAiConnection {
  apiKey: string;
  /** `OPENAI_BASE_URL` when set (vLLM, Ollama, llama.cpp, any OpenAI-compatible server). */
  baseUrl?: string;
  /** `environment` when the key came from `OPENAI_API_KEY`; `local-dummy` for a key-less local server. */
  keySource: "environment" | "local-dummy";
}

/** The endpoint used when `OPENAI_BASE_URL` is unset (passed explicitly so no other variable is consulted). */
export const DEFAULT_OPENAI_BASE_URL = "https://api.openai.com/v1";

/** The key sent to a local server when `OPENAI_API_KEY` is unset (local servers ignore it). */
export const LOCAL_DUMMY_API_KEY = "envrigger-local-no-key";

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Read the OpenAI connection from the environment only: `OPENAI_API_KEY` and the optional
 * `OPENAI_BASE_URL`. When the base URL points at this machine (localhost, 127.x.x.x, ::1)
 * the key may be missing: local servers (vLLM, Ollama, llama.cpp) ignore it, so a dummy
 * key is sent (any dummy value in `OPENAI_API_KEY` works as well). Otherwise a missing key
 * throws `MISSING_SECRET`; a malformed base URL throws `BAD_CONFIG`. Messages never contain
 * the key.
 */
export function resolveOpenAiConnection(environment: NodeJS.ProcessEnv = process.env): OpenAiConnection {
  const apiKey = environment.OPENAI_API_KEY?.trim();
  const baseUrl = environment.OPENAI_BASE_URL?.trim() || undefined;
  let hostname: string | undefined;
  if (baseUrl !== undefined) {
    try {
      const url = new URL(baseUrl);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("not http(s)");
      hostname = url.hostname;
    } catch {
      throw new EnvriggerError(
        "BAD_CONFIG",
        redactSecrets(`OPENAI_BASE_URL is not an http(s) URL: ${JSON.stringify(baseUrl)}`, environment),
        {
          hint: "e.g. OPENAI_BASE_URL=http://127.0.0.1:8000/v1 (vLLM), http://localhost:11434/v1 (Ollama)",
        },
      );
    }
  }
  if (apiKey) return { apiKey, baseUrl, keySource: "environment" };
  if (hostname !== undefined && isLoopback(hostname))
    return { apiKey: LOCAL_DUMMY_API_KEY, baseUrl, keySource: "local-dummy" };
  throw new EnvriggerError("MISSING_SECRET", "OPENAI_API_KEY is not set", {
    hint:
      "export OPENAI_API_KEY=… (keys are read from the environment only and never written to runs/); " +
      "for a local OpenAI-compatible server set OPENAI_BASE_URL=http://127.0.0.1:<port>/v1 — no key is needed on localhost",
  });
}
