import { describe, expect, it } from "vitest";
import { readableErrorBody } from "./readable-error-body.js";

describe("readableErrorBody", () => {
  it("keeps an HTML page's title, or its text without tags, on one short line", () => {
    const page = `<!DOCTYPE html>\n<html><head><title>404 Not Found</title><style>body{}</style></head><body><h1>Not Found</h1>${"<p>filler</p>".repeat(200)}</body></html>`;
    expect(readableErrorBody(page)).toBe("404 Not Found");
    expect(readableErrorBody("<h1>Bad</h1>\n\n<p>gateway</p>")).toBe("Bad gateway");
    expect(readableErrorBody('{"detail":"Not Found"}')).toBe('{"detail":"Not Found"}');
    expect(readableErrorBody("x".repeat(500))).toHaveLength(160);
    expect(readableErrorBody("  \n ")).toBe("(empty body)");
  });
});
