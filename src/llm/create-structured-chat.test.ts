import { describe, expect, it } from "vitest";
import { EnvriggerError, isEnvriggerError } from "../core/errors.js";
import { createStructuredChat } from "./create-structured-chat.js";
import { resolveGeminiApiKey } from "./gemini-api-key.js";
import { LOCAL_DUMMY_API_KEY, resolveOpenAiConnection } from "./openai-connection.js";

function caught(action: () => unknown): EnvriggerError {
  try {
    action();
  } catch (error) {
    if (error instanceof EnvriggerError) return error;
    throw error;
  }
  throw new Error("expected an EnvriggerError");
}

describe("configuration from the environment", () => {
  it("requires OPENAI_API_KEY for the default endpoint, with a hint and no secret in the message", () => {
    const error = caught(() => createStructuredChat("openai:gpt-4o-mini", { environment: {} }));
    expect(error.code).toBe("MISSING_SECRET");
    expect(error.message).toContain("OPENAI_API_KEY is not set");
    expect(error.message).toContain("OPENAI_BASE_URL");
  });

  it("requires a key for a remote OPENAI_BASE_URL too", () => {
    const error = caught(() => resolveOpenAiConnection({ OPENAI_BASE_URL: "https://llm.example.com/v1" }));
    expect(error.code).toBe("MISSING_SECRET");
  });

  it("accepts a missing key for a local OPENAI_BASE_URL (a dummy key is sent)", () => {
    for (const url of ["http://127.0.0.1:8000/v1", "http://localhost:11434/v1", "http://[::1]:8080/v1"]) {
      expect(resolveOpenAiConnection({ OPENAI_BASE_URL: url })).toEqual({
        apiKey: LOCAL_DUMMY_API_KEY,
        baseUrl: url,
        keySource: "local-dummy",
      });
    }
    expect(
      resolveOpenAiConnection({ OPENAI_API_KEY: "dummy", OPENAI_BASE_URL: "http://127.0.0.1:1/v1" }).keySource,
    ).toBe("environment");
  });

  it("rejects a malformed OPENAI_BASE_URL with BAD_CONFIG", () => {
    expect(caught(() => resolveOpenAiConnection({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "not a url" })).code).toBe(
      "BAD_CONFIG",
    );
    expect(caught(() => resolveOpenAiConnection({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "ftp://host/v1" })).code).toBe(
      "BAD_CONFIG",
    );
  });

  it("requires GEMINI_API_KEY for gemini", () => {
    const error = caught(() =>
      createStructuredChat("gemini:gemini-2.5-flash", {
        environment: { OPENAI_API_KEY: "sk-should-not-matter-123456789" },
      }),
    );
    expect(error.code).toBe("MISSING_SECRET");
    expect(error.message).toContain("GEMINI_API_KEY is not set");
    expect(error.message).not.toContain("sk-should-not-matter");
    expect(resolveGeminiApiKey({ GEMINI_API_KEY: " gem-key " })).toBe("gem-key");
  });

  it("builds chats without calling anyone when keys are present", () => {
    const openai = createStructuredChat("openai:gpt-4o-mini", { environment: { OPENAI_API_KEY: "sk-test" } });
    expect([openai.provider, openai.model]).toEqual(["openai", "gpt-4o-mini"]);
    const gemini = createStructuredChat(
      { provider: "gemini", model: "gemini-2.5-flash" },
      { environment: { GEMINI_API_KEY: "g-key" } },
    );
    expect([gemini.provider, gemini.model]).toEqual(["gemini", "gemini-2.5-flash"]);
  });

  it("rejects a bad spec and bad settings", () => {
    expect(
      isEnvriggerError(
        caught(() => createStructuredChat("llama:x", { environment: {} })),
        "BAD_ARGUMENT",
      ),
    ).toBe(true);
    expect(
      caught(() =>
        createStructuredChat("openai:m", { environment: { OPENAI_API_KEY: "k" }, settings: { timeoutMs: -1 } }),
      ).code,
    ).toBe("BAD_CONFIG");
  });
});
