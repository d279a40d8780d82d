import { describe, expect, it } from "vitest";
import { redactSecrets } from "./redact-secrets.js";

describe("redactSecrets", () => {
  const environment = {
    OPENAI_API_KEY: "my-openai-secret-value",
    GEMINI_API_KEY: "gem-secret-123",
    GOOGLE_API_KEY: undefined,
  };

  it("replaces the values of the key variables wherever they appear", () => {
    const text = redactSecrets("failed with key my-openai-secret-value and gem-secret-123!", environment);
    expect(text).toBe("failed with key [redacted] and [redacted]!");
  });

  it("redacts Bearer tokens, key= assignments and well-known key shapes", () => {
    expect(redactSecrets("Authorization: Bearer abc.def-123", {})).toBe("Authorization: Bearer [redacted]");
    expect(redactSecrets("GET https://x/v1beta/models?key=AIzaSomething&alt=json", {})).toBe(
      "GET https://x/v1beta/models?key=[redacted]&alt=json",
    );
    expect(redactSecrets('{"api_key": "zzz"}', {})).toBe('{"api_key": "[redacted]"}');
    expect(redactSecrets("x-goog-api-key: qqq", {})).toBe("x-goog-api-key: [redacted]");
    expect(redactSecrets("used sk-proj-ABCDEFGHIJKLMNOPQRST1234 here", {})).toBe("used [redacted] here");
    expect(redactSecrets(`token AIza${"b".repeat(35)}`, {})).toBe("token [redacted]");
  });

  it("leaves ordinary text and very short variable values alone", () => {
    expect(redactSecrets("monkey=banana; the success rate is 0.4", { OPENAI_API_KEY: "x" })).toBe(
      "monkey=banana; the success rate is 0.4",
    );
  });
});
