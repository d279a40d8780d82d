import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isEnvriggerError } from "../core/errors.js";
import { openResult, queueKeyOf, signedResult } from "./result-signature.js";

const key = Buffer.from("a-secret-of-at-least-16");

describe("signed queue results", () => {
  it("open only for the key and job they were signed for, with the payload unchanged", () => {
    const stored = signedResult(key, "ep-1", '[{"x":1}]');
    expect(openResult(key, "ep-1", stored)).toEqual({ ok: true, payload: '[{"x":1}]' });
    expect(openResult(key, "ep-2", stored)).toEqual({ ok: false, reason: "bad-signature" });
    expect(openResult(Buffer.from("another-secret-of-16+"), "ep-1", stored)).toMatchObject({ ok: false });
    expect(openResult(key, "ep-1", stored.replace('"x":1', '"x":2'))).toEqual({ ok: false, reason: "bad-signature" });
    expect(openResult(key, "ep-1", '[{"x":1}]')).toEqual({ ok: false, reason: "unsigned" });
    expect(openResult(key, "ep-1", "hmac-sha256:zz")).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("without a key: stored as the payload, and any result opens (nothing to check it with)", () => {
    expect(signedResult(undefined, "ep-1", "[]")).toBe("[]");
    expect(openResult(undefined, "ep-1", "[]")).toEqual({ ok: true, payload: "[]" });
    expect(openResult(undefined, "ep-1", signedResult(key, "ep-1", "[]"))).toEqual({ ok: true, payload: "[]" });
  });

  it("read the key from ENVRIGGER_QUEUE_KEY or the file ENVRIGGER_QUEUE_KEY_FILE names; refuse a short one", () => {
    expect(queueKeyOf({})).toBeUndefined();
    expect(queueKeyOf({ ENVRIGGER_QUEUE_KEY: "0123456789abcdef" })?.toString()).toBe("0123456789abcdef");
    const file = join(mkdtempSync(join(tmpdir(), "envrigger-key-")), "queue.key");
    writeFileSync(file, "fedcba9876543210fedcba\n");
    expect(queueKeyOf({ ENVRIGGER_QUEUE_KEY_FILE: file })?.toString()).toBe("fedcba9876543210fedcba");
    const short = (() => {
      try {
        return queueKeyOf({ ENVRIGGER_QUEUE_KEY: "short" });
      } catch (error) {
        return error;
      }
    })();
    expect(isEnvriggerError(short, "BAD_ARGUMENT")).toBe(true);
    expect(() => queueKeyOf({ ENVRIGGER_QUEUE_KEY_FILE: `${file}.missing` })).toThrow(/does not exist/);
  });
});
