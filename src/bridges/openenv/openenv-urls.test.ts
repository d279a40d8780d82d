import { describe, expect, it } from "vitest";
import { resolveOpenEnvUrls } from "./openenv-urls.js";

describe("resolveOpenEnvUrls", () => {
  it("derives the HTTP base and the /ws socket from an http or ws URL", () => {
    expect(resolveOpenEnvUrls("http://127.0.0.1:8000")).toEqual({
      httpBase: "http://127.0.0.1:8000",
      webSocketUrl: "ws://127.0.0.1:8000/ws",
    });
    expect(resolveOpenEnvUrls("ws://127.0.0.1:8000/ws")).toEqual({
      httpBase: "http://127.0.0.1:8000",
      webSocketUrl: "ws://127.0.0.1:8000/ws",
    });
    expect(resolveOpenEnvUrls("https://example.org/envs/echo/")).toEqual({
      httpBase: "https://example.org/envs/echo",
      webSocketUrl: "wss://example.org/envs/echo/ws",
    });
    expect(resolveOpenEnvUrls("wss://example.org")).toEqual({
      httpBase: "https://example.org",
      webSocketUrl: "wss://example.org/ws",
    });
  });

  it("refuses non-URLs, other schemes, queries and fragments with BAD_CONFIG", () => {
    for (const url of [
      "127.0.0.1:8000",
      "ftp://example.org",
      "http://example.org/?x=1",
      "http://example.org/#top",
      "",
    ]) {
      expect(() => resolveOpenEnvUrls(url), url).toThrow(expect.objectContaining({ code: "BAD_CONFIG" }));
    }
  });
});
